/**
 * The limits of what one actor may take (decisions 016, 050, 051): each a plain whole number; a
 * blank or bad value is refused and the default holds; 0 is the only way to switch a limit off.
 */
import { DEFAULT_TICKETS_PER_ORDER } from "../../services/ticket-limits";
import { decimal, int, settingsGroup } from "../../services/settings-schema";

export const limitSettings = settingsGroup({
  shape: {
    /** leads per minute from one client address; 0 switches the limit off */
    LEAD_RATE_LIMIT: int(5, 100_000),
    /** seats a client address may order per hour, over all seminars; 0 switches the limit off */
    TICKET_RATE_LIMIT: int(20, 100_000),
    /** seats one address group holds in one seminar (an IPv4 address, an IPv6 /64; a /48 twice that); 0 switches it off */
    TICKETS_PER_GROUP: int(10, 100_000),
    /** spins of the fortune wheel per hour from one address group (a /48 four times that); 0 switches the limit off */
    SPIN_RATE_LIMIT: int(10, 100_000),
    /** how long an unconfirmed order of a paid seminar holds its seats, in minutes (a fraction too: the tests hold for seconds; decision 050) */
    TICKET_HOLD_MINUTES: decimal(1440, 0.01, 60 * 24 * 60),
    /** the least time between the visitor's first page and a form's submission; 0 switches the check off */
    LEAD_MIN_FILL_MS: int(3_000, 600_000),
    /** tickets one order may hold */
    TICKETS_PER_ORDER: int(DEFAULT_TICKETS_PER_ORDER, 100, 1),
    /** tickets one phone number may hold for one seminar, over all its orders */
    TICKETS_PER_PHONE: int(10, 1000, 1),
  },
});
