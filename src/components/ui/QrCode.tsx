import { encode } from "uqr";

/**
 * A QR code of `text`, drawn on the server as one SVG path (no script, no image request): a dark
 * square per module on white, with the quiet zone of four modules a scanner needs, whatever the
 * page's colour scheme (a reader needs dark on light). `label` names it for a screen reader.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg className={className} role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width="200" height="200" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
