-- An administrator sign-up's request is answered once: granted at the email's verification, or
-- overruled by an administrator's role change. Requests already answered are marked so here; a
-- request still kept would grant the role again at the next verification of a changed address.
-- Still open: an account not yet verified, still a customer, and whose role no administrator has changed
-- (an administrator could promote and then demote a sign-up that was not verified yet).
UPDATE "user" SET "admin_requested" = false
  WHERE "admin_requested"
    AND ("role" <> 'user' OR "email_verified"
         OR EXISTS (SELECT 1 FROM "audit_log" WHERE "audit_log"."subject_type" = 'user' AND "audit_log"."subject_id" = "user"."id" AND "audit_log"."action" = 'user.role'));
