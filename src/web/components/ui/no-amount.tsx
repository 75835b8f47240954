/** A dash where an amount would be, read to a screen reader as `label` ("Nothing paid"). */
export function NoAmount({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}
