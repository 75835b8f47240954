-- An administrator sign-up's request is answered once: granted at the email's verification, or
-- overruled by an administrator's role change. Requests already answered are marked so here; a
-- request still kept would grant the role again at the next verification of a changed address.
-- Still open: an account not yet verified and still a customer.
UPDATE "user" SET "admin_requested" = false WHERE "admin_requested" AND ("role" <> 'user' OR "email_verified");
