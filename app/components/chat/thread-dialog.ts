/** What every dialog opened from a thread's menu is given (share, delete, move to project). */
export interface ThreadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  thread: { id: string; title: string };
}
