/** The full-screen loader (spec 2.6): covers the page while a form is being sent. */
export function FullScreenLoader({ label = "Отправка..." }: { label?: string }) {
  return (
    <div className="fullscreen-loader" role="status" aria-live="polite">
      <span className="fullscreen-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
