CREATE TABLE "common_problems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "common_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"lang" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type_id" integer NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remarks" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"built_in" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "branding" jsonb;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "terminal_quota" integer;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "frame" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "component" text;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_ip" text;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_type_id_dict_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dict_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_value_uq" ON "dict_items" USING btree ("type_id","value");--> statement-breakpoint
-- Mail and phone become unique: an installation from before kept duplicates, and the index would
-- stop the upgrade. The oldest user keeps a shared address; the others have it cleared (their
-- accounts stay; they enter an address of their own again).
UPDATE "users" u SET "email" = NULL WHERE u."email" IS NOT NULL AND EXISTS (SELECT 1 FROM "users" o WHERE lower(o."email") = lower(u."email") AND o."id" < u."id");--> statement-breakpoint
UPDATE "users" u SET "phone" = NULL WHERE u."phone" IS NOT NULL AND EXISTS (SELECT 1 FROM "users" o WHERE o."phone" = u."phone" AND o."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email")) WHERE "users"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone") WHERE "users"."phone" is not null;--> statement-breakpoint
UPDATE "offices" SET "branding" = jsonb_build_object('logo', "logo") WHERE "logo" IS NOT NULL;--> statement-breakpoint
UPDATE "menus" SET "built_in" = true;--> statement-breakpoint
INSERT INTO "dict_types" ("code", "name", "description", "built_in", "sort") VALUES
  ('terminalModel', 'Terminal models', 'Models offered when a terminal is registered or edited', true, 1),
  ('materialType', 'Material types', 'The kinds of media the library holds', true, 2);--> statement-breakpoint
INSERT INTO "dict_items" ("type_id", "value", "label", "labels", "sort")
SELECT t.id, v.value, v.label, v.labels::jsonb, v.sort FROM "dict_types" t, (VALUES
  ('materialType', 'image', 'Image', '{"zh_CN":"图片","zh_TW":"圖片","en":"Image","it":"Immagine","ru":"Изображение","fr":"Image"}', 1),
  ('materialType', 'video', 'Video', '{"zh_CN":"视频","zh_TW":"影片","en":"Video","it":"Video","ru":"Видео","fr":"Vidéo"}', 2),
  ('materialType', 'audio', 'Audio', '{"zh_CN":"音频","zh_TW":"音訊","en":"Audio","it":"Audio","ru":"Аудио","fr":"Audio"}', 3),
  ('materialType', 'document', 'Document', '{"zh_CN":"文档","zh_TW":"文件","en":"Document","it":"Documento","ru":"Документ","fr":"Document"}', 4),
  ('materialType', 'web', 'Web page', '{"zh_CN":"网页","zh_TW":"網頁","en":"Web page","it":"Pagina web","ru":"Веб-страница","fr":"Page web"}', 5),
  ('materialType', 'stream', 'Live stream', '{"zh_CN":"直播流","zh_TW":"直播串流","en":"Live stream","it":"Diretta","ru":"Прямой эфир","fr":"Flux en direct"}', 6),
  ('terminalModel', 'web-player', 'Web player', '{"zh_CN":"网页播放器","zh_TW":"網頁播放器","en":"Web player","it":"Player web","ru":"Веб-плеер","fr":"Lecteur web"}', 1),
  ('terminalModel', 'android-box', 'Android box', '{"zh_CN":"安卓盒子","zh_TW":"安卓盒子","en":"Android box","it":"Box Android","ru":"Android-приставка","fr":"Boîtier Android"}', 2),
  ('terminalModel', 'windows-pc', 'Windows PC', '{"zh_CN":"Windows 电脑","zh_TW":"Windows 電腦","en":"Windows PC","it":"PC Windows","ru":"ПК с Windows","fr":"PC Windows"}', 3),
  ('terminalModel', 'linux-pc', 'Linux PC', '{"zh_CN":"Linux 电脑","zh_TW":"Linux 電腦","en":"Linux PC","it":"PC Linux","ru":"ПК с Linux","fr":"PC Linux"}', 4)
) AS v(type_code, value, label, labels, sort) WHERE t.code = v.type_code;
