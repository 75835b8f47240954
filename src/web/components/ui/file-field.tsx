import { FileUp } from "lucide-react";
import { useId, type ChangeEvent } from "react";

/** A labelled file chooser, styled like our buttons. `accept` names the types the browser offers first. */
export function FileField({ label, accept, onChange }: { label: string; accept: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <FileUp aria-hidden="true" className="size-4" />
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={onChange}
        className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-900 hover:file:bg-slate-200"
      />
    </div>
  );
}
