ALTER TABLE "orders" ADD COLUMN "room_name_key" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "name_key" text;--> statement-breakpoint
-- Issue 26: trial rooms made before this kept the name in their creator's language; one still named as the product
-- named it (in either language) is the product's again, and so are its orders and their invoice lines.
UPDATE "rooms" SET "name_key" = 'trial.roomName'
WHERE "name" IN ('غرفة تجريبية', 'Trial room')
  AND (EXISTS (SELECT 1 FROM "trials" t WHERE t."room_id" = "rooms"."id")
    OR EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."room_id" = "rooms"."id" AND s."period" = 'trial'));--> statement-breakpoint
UPDATE "orders" o SET "room_name_key" = r."name_key"
FROM "rooms" r
WHERE o."room_id" = r."id" AND r."name_key" IS NOT NULL AND o."room_name" IN ('غرفة تجريبية', 'Trial room');--> statement-breakpoint
UPDATE "invoices" i SET "lines" = (
  SELECT jsonb_agg(
    CASE WHEN l.line->'values'->>'roomName' IN ('غرفة تجريبية', 'Trial room')
      THEN jsonb_set(l.line, '{values,roomNameKey}', to_jsonb(o."room_name_key"))
      ELSE l.line END
    ORDER BY l.n)
  FROM jsonb_array_elements(i."lines") WITH ORDINALITY AS l(line, n)
)
FROM "orders" o
WHERE o."id" = i."order_id" AND o."room_name_key" IS NOT NULL;
