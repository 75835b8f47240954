/** The shortest call the gate lets through: a customer whose balance buys less is refused. */
export const MIN_CALL_SECONDS = 60;
/** The longest: Twilio's own cap on a Dial (4 hours); a larger balance buys more calls, not longer ones. */
export const MAX_CALL_SECONDS = 4 * 60 * 60;
