-- Pictures stored before the picture rule (src/server/auth/account-image.ts): better-auth kept any text
-- sign-up and update-user were sent, up to the body limit, and hands it back in every session answer.
-- What the rule refuses is removed (Dialwise shows no picture; an account without one loses nothing):
-- longer than 2,048 characters, or not an https address in the form the URL parser writes back (a
-- lower-case host, a path from "/", no user name or password, no spaces, control characters or markup).
-- The pattern is narrower than the parser, so an unusual address the rule would keep may go too.
UPDATE "user" SET "image" = NULL
  WHERE "image" IS NOT NULL
    AND (length("image") > 2048
         OR "image" !~ '^https://[a-z0-9.-]+(:[0-9]{1,5})?/[A-Za-z0-9._~!$&''()*+,;=:@/?#%-]*$');
