/**
 * The support conversations' rules both sides apply: the form checks them as a person
 * types, the server again before anything is kept. No zod here: the header's unread
 * badge reads the poll interval and is in the first load (decision 020).
 */

/** A message's length in UTF-16 code units once made plain (what a textarea's maxLength counts). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;
/** A visitor ticket's subject, once made plain. */
export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
/** The spec's unread poll (business constants): the fallback when the live stream is down. */
export const SUPPORT_UNREAD_POLL_MS = 30_000;
/** At most one "you have a reply" email per conversation in this long (the rule). */
export const SUPPORT_REPLY_NOTICE_INTERVAL_MS = 60 * 60 * 1000;
