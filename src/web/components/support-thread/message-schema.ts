import { z } from "zod";
import { SUPPORT_MESSAGE_MAX_LENGTH } from "../../../shared/support/support-limits";
import { plainMessage } from "../../../shared/text/plain-message";

/**
 * A message as the form checks it, by the server's own rule: what is left once made plain
 * must be there and within the limit. The messages are translation keys.
 */
export const messageField = z.string().superRefine((text, context) => {
  const plain = plainMessage(text);
  if (plain === "") context.addIssue({ code: "custom", message: "errors.support_message_empty" });
  else if (plain.length > SUPPORT_MESSAGE_MAX_LENGTH) context.addIssue({ code: "custom", message: "errors.support_message_too_long" });
});

/** The figures the error messages name: errors.support_*_too_long say the limit. */
export const MESSAGE_LIMIT_VALUES = { max: SUPPORT_MESSAGE_MAX_LENGTH };
