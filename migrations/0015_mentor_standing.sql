-- A conversation is a student's with a verified mentor: those whose mentor was made a student again are closed.
UPDATE "conversations" c SET "status" = 'closed', "updated_at" = now()
FROM "users" u
WHERE u."id" = c."mentor_id" AND c."status" = 'active' AND (u."role" <> 'mentor' OR u."mentor_verified_at" IS NULL);
