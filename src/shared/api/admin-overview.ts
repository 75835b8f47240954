import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/** The admin dashboard's figures, counted by the server at the time of the request. */
export const adminOverview = defineEndpoint({
  method: "GET",
  path: "/api/admin/overview",
  access: "admin",
  summary: "Counts for the admin dashboard",
  response: z.object({
    users: z.object({ total: z.number(), verified: z.number(), admins: z.number(), newLast7Days: z.number() }),
    generatedAt: z.iso.datetime({ offset: true }),
  }),
});
