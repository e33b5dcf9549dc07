// What memory did for one answer (decision 0027), as the server sends it and the chat shows it under the answer: the
// memories the turn was sent, and the ones its extraction job saved or changed (pending until that job ends).
/** A memory is one short fact ("Lives in İzmir"), never a document. */
export const MEMORY_TEXT_MAX = 300;
/** Each custom instruction field, counted as the person types. */
export const INSTRUCTIONS_MAX = 1_500;

export interface MemoryRef {
  id: string;
  text: string;
}

export interface MemoryNote {
  used: MemoryRef[];
  updated: MemoryRef[];
  /** The extraction job of this turn has not ended yet (the page asks again shortly). */
  pending: boolean;
  /**
   * The turn held someone else's text (a document, web results, a shared chat, a photo), so nothing was learnt by
   * itself: the answer offers "Save to memory?", which learns from the person's own words (decision 0027).
   */
  offer: boolean;
}
