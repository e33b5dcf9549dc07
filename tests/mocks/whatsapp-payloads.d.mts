export const TEST_PHONE_NUMBER_ID: string;
export const TEST_BUSINESS_NUMBER: string;
export type Delivery = { object: string; entry: { id: string; changes: { field: string; value: Record<string, unknown> }[] }[] };
export function delivery(value: Record<string, unknown>, options?: { phoneNumberId?: string }): Delivery;
export function messageDelivery(
  input: {
    from: string;
    id?: string;
    timestamp?: number;
    name?: string;
    text?: string;
    image?: { id: string; mime_type?: string; caption?: string };
    audio?: { id: string; mime_type?: string };
    type?: string;
  },
  options?: { phoneNumberId?: string },
): Delivery;
export function statusDelivery(
  statuses: {
    id: string;
    status: string;
    recipient: string;
    timestamp?: number;
    errors?: { code: number; title?: string; message?: string; error_data?: { details?: string } }[];
  }[],
  options?: { phoneNumberId?: string },
): Delivery;
