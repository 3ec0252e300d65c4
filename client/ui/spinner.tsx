/** A spinning ring. With a label it is announced; without one it is decoration beside visible text. */
export function Spinner({ label, className = 'size-5' }: { label?: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`animate-spin motion-reduce:animate-[spin_2s_linear_infinite] ${className}`}
      fill="none"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Fills the screen while something essential (the session, a screen's code) loads. */
export function FullScreenSpinner({ label, message }: { label: string; message?: string }) {
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center text-green-800"
      role="status"
    >
      <Spinner label={label} className="size-10" />
      {message && <p className="max-w-xs text-sm text-stone-800">{message}</p>}
    </div>
  );
}
