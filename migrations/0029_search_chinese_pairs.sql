CREATE OR REPLACE FUNCTION mentorme_han_pairs(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  pairs text := '';
  run text;
BEGIN
  FOR run IN SELECT m[1] FROM regexp_matches(t, '([一-鿿]+)', 'g') AS m LOOP
    IF char_length(run) = 1 THEN
      pairs := pairs || ' ' || run;
    ELSE
      FOR i IN 1 .. char_length(run) - 1 LOOP
        pairs := pairs || ' ' || substr(run, i, 2);
      END LOOP;
    END IF;
  END LOOP;
  -- Words in other scripts stand apart from the characters they were written against ("我的TFN").
  RETURN pairs || ' ' || regexp_replace(t, '[一-鿿]+', ' ', 'g');
END $$;--> statement-breakpoint
ALTER TABLE "questions" drop column "search";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B') || to_tsvector('simple', title || ' ' || content || ' ' || mentorme_tags_text(tags)) || to_tsvector('simple', mentorme_han_pairs(title || ' ' || content))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "questions_search_idx" ON "questions" USING gin ("search");
