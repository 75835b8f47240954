import { Spinner } from "./spinner";

/** A small spinner beside the words of what is being waited for ("Reading the file…"). */
export function WorkingNote({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <Spinner className="scale-75" label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
