/** A paid order's seminar as a calendar event (RFC 5545), for the buyer's calendar. */

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
/** Text as RFC 5545 wants it: backslash, semicolon, comma and new lines escaped. */
const text = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines folded at 75 octets (RFC 5545 3.1), CRLF-terminated. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    if (new TextEncoder().encode(current + char).length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export interface CalendarOrder {
  id: string;
  seminar_title: string;
  date: string;
  durationHours: number;
  format: "online" | "offline";
  place: string;
  tickets: number;
  url: string;
  orderUrl: string;
}

export function orderCalendar(order: CalendarOrder): string {
  const start = Date.parse(order.date);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//mip.institute//tickets//RU",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${order.id}@mip.institute`,
    `DTSTAMP:${stamp(Date.now())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(start + order.durationHours * 3_600_000)}`,
    `SUMMARY:${text(order.seminar_title)}`,
    `LOCATION:${text(order.format === "online" ? `Онлайн: ${order.place}` : order.place)}`,
    `DESCRIPTION:${text(`Билетов: ${order.tickets}. Заказ: ${order.orderUrl}`)}`,
    `URL:${order.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
