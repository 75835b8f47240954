/** Text placed between HTML tags: nothing in it can open a tag or an entity. */
export function htmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text placed inside a quoted HTML attribute, either quote. */
export function htmlAttribute(value: string): string {
  return htmlText(value).replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
