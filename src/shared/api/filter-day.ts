import { z } from "zod";

/**
 * A whole UTC day in a filter ("2026-03-04"). Bounded so the day after the last one is
 * still a date every engine stores (9999-12-31 + 1 day is year 10000) and so a slip of
 * the keyboard cannot ask for the year 0030.
 */
export const filterDay = z.iso
  .date()
  .refine((day) => day >= "1970-01-01" && day <= "9998-12-31", "a day from 1970-01-01 to 9998-12-31");

/** A moment an admin sets (a discount's window), within the same years as filterDay. */
export const adminMoment = z.iso
  .datetime({ offset: true })
  .refine((moment) => {
    const year = new Date(moment).getUTCFullYear();
    return year >= 1970 && year <= 9998;
  }, "a moment from the year 1970 to 9998");
