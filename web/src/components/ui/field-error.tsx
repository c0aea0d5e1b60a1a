import { ShieldAlert } from 'lucide-react';

/** The server's refusal beside the field it is about, announced (role="alert") and named by the field's describedby. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-300">
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}
