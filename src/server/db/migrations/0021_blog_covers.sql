CREATE TABLE "blog_covers" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_covers_name_check" CHECK ("blog_covers"."name" ~ '^[0-9a-f]{32}\.(png|jpg|webp)$'),
	CONSTRAINT "blog_covers_content_type_check" CHECK ("blog_covers"."content_type" in ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "blog_covers_size_check" CHECK ("blog_covers"."size" = octet_length("blog_covers"."bytes") and "blog_covers"."size" > 0)
);
