-- The institution's own month (billing/institution-month.ts): an institution made before it existed gets its first
-- month from today, as a move to an institution now does (the first month comes with the move); nothing is asked of
-- it before that month ends.
INSERT INTO "subscriptions" ("account_id", "room_id", "period", "status", "starts_at", "renews_at")
SELECT a."id", NULL, 'enterprise', 'active', now(), now() + interval '1 month'
FROM "accounts" a
WHERE a."kind" = 'inst'
  AND NOT EXISTS (
    SELECT 1 FROM "subscriptions" s WHERE s."account_id" = a."id" AND s."period" = 'enterprise'
  );
