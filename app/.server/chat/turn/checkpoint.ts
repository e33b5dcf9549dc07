// A turn's checkpoint: what the account's object keeps in its own storage of each live turn, so that a wake after an
// eviction finds it and can resume it (docs/decisions/0022): under `active:<messageId>` its charge, its phase and the
// model call's inputs, cleared when the turn ends. Its text as last saved is the message row's, its only copy
// (saveProgress). The storage keys are the ones deployed objects already hold.
import type { CallInputs } from "./call";
import type { TurnCharge } from "./store";
import type { CheckpointPhase } from "./table";

export interface Checkpoint extends TurnCharge {
  /** Absent in entries written before answers could resume: read as streaming, and not resumable. */
  phase?: CheckpointPhase;
  /** Absent when the turn cannot be resumed (a launch, a web search, or inputs over MAX_RESUME_CHARS). */
  resume?: CallInputs;
}

/** Inputs kept for a resume at most this large (an attached image is most of it); a SQLite object's value holds 2 MB. */
const MAX_RESUME_CHARS = 1_000_000;

// Not waited for by the answer's readers (local writes): allowUnconfirmed keeps them off the first token.
const UNCONFIRMED = { allowUnconfirmed: true };

export function writeCheckpoint(storage: DurableObjectStorage, id: string, charge: TurnCharge, phase: CheckpointPhase, call: CallInputs | undefined) {
  const resume = phase === "launched" ? undefined : resumable(call);
  return storage.put<Checkpoint>(`active:${id}`, { ownerId: charge.ownerId, creditKey: charge.creditKey, phase, resume }, UNCONFIRMED);
}

export async function clearCheckpoint(storage: DurableObjectStorage, id: string) {
  // `text:<id>`: the copy of the text kept by objects before the row became its only copy, gone with its turn.
  await storage.delete([`active:${id}`, `text:${id}`]);
}

/**
 * The checkpoints of turns that `held` (memory) does not have: the object was evicted while they lived. Their text is
 * what their message row last saved (`savedText`; "" for a launch, which has no row).
 */
export async function lostTurns(storage: DurableObjectStorage, held: (id: string) => boolean, savedText: (id: string) => Promise<string>) {
  const saved = await storage.list<Checkpoint>({ prefix: "active:" });
  const lost = [...saved].map(([key, checkpoint]) => ({ id: key.slice("active:".length), checkpoint })).filter(({ id }) => !held(id));
  return Promise.all(lost.map(async ({ id, checkpoint }) => ({ id, checkpoint, text: await savedText(id) })));
}

/** A chat completion's inputs, when small enough (a web search cannot continue a text). */
function resumable(call: (CallInputs & { target?: unknown }) | undefined): CallInputs | undefined {
  if (!call || call.kind === "web-search") return undefined;
  const { target: _target, ...inputs } = call;
  return JSON.stringify(inputs).length <= MAX_RESUME_CHARS ? inputs : undefined;
}
