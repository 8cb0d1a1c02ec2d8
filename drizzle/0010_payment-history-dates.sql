-- Payment notes written before dates were shown one way everywhere said "on 2026-11-22": now "on 22/11/26".
UPDATE "registration_history"
SET "summary" = regexp_replace("summary", ' on (\d{2})(\d{2})-(\d{2})-(\d{2})', ' on \4/\3/\2')
WHERE "action" = 'payment' AND "summary" ~ ' on \d{4}-\d{2}-\d{2}';
