// The Idempotency-Key header (issue 17 §5; the name and semantics of the IETF httpapi draft): a
// write sent with a key is applied at most once; the same request sent again with the same key
// gets the first answer. The web client and the bench generate one key per user action (a random
// UUID) and keep it across the retries of that action.
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A UUID fits; anything this long and this plain is accepted, so other clients may use their own. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Methods that change something: the ones a key is for. */
export const IDEMPOTENT_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Set on an answer that repeats the first request's answer instead of running it again. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
