CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"site_id" integer,
	"department_id" integer,
	"first_name" varchar(80) NOT NULL,
	"middle_initial" varchar(4),
	"last_name" varchar(80) NOT NULL,
	"email" varchar(254),
	"direct_phone" varchar(32),
	"mobile_phone" varchar(32),
	"title" varchar(120),
	"is_vip" boolean DEFAULT false NOT NULL,
	"is_pending" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"primary_contact_id" integer,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_hd_shared_operator" boolean DEFAULT false NOT NULL,
	"contact_center_chat_enabled" boolean DEFAULT false NOT NULL,
	"time_zone" varchar(64) DEFAULT 'America/New_York' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"is_provider" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"website" varchar(300),
	"main_phone" varchar(32),
	"account_manager_id" integer,
	"it_consultant_id" integer,
	"tech_manager_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer,
	"name" varchar(200) NOT NULL,
	"board_id" integer,
	"type" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(80) NOT NULL,
	"last_name" varchar(80) NOT NULL,
	"email" varchar(254) NOT NULL,
	"office_phone" varchar(32),
	"mobile_phone" varchar(32),
	"title" varchar(120),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"web_user_id" integer NOT NULL,
	"cid" integer NOT NULL,
	"csrf_token" varchar(64) NOT NULL,
	"previous_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(400)
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(300),
	"city" varchar(120),
	"state" varchar(60),
	"postal_code" varchar(20),
	"phone" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"user_type" varchar(20) NOT NULL,
	"space_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"web_user_id" integer NOT NULL,
	"chat_id" varchar(120) NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"opt_out_marketing" boolean DEFAULT false NOT NULL,
	"opt_out_surveys" boolean DEFAULT false NOT NULL,
	"opt_out_ticket_updates" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"invited_by_web_user_id" integer,
	"user_type" varchar(20) NOT NULL,
	"email" varchar(254) NOT NULL,
	"run_id" varchar(36) NOT NULL,
	"status" varchar(16) DEFAULT 'sent' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"web_user_id" integer,
	"contact_id" integer,
	"invitation_id" integer,
	"cid" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"web_user_id" integer PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"time_zone" varchar(64),
	"page_size" integer DEFAULT 10 NOT NULL,
	"theme" varchar(8) DEFAULT 'system' NOT NULL,
	"office_phone" varchar(32),
	"mobile_phone" varchar(32),
	"email_on_ticket_created" boolean DEFAULT true NOT NULL,
	"email_on_ticket_updated" boolean DEFAULT true NOT NULL,
	"email_on_ticket_closed" boolean DEFAULT true NOT NULL,
	"email_on_new_action" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_messages" (
	"partition_key" varchar(64) PRIMARY KEY NOT NULL,
	"cid" integer,
	"message" text DEFAULT '' NOT NULL,
	"expiration_date" date,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(254)
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"contact_id" integer,
	"site_id" integer,
	"kaseya_machine_group_id" varchar(120),
	"ncentral_device_id" varchar(64),
	"device_name" varchar(120) NOT NULL,
	"device_type" varchar(60),
	"description" text,
	"serial_number" varchar(100),
	"operating_system" varchar(120),
	"warranty_end" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"ticket_id" integer,
	"submitted_by_contact_id" integer,
	"date_submitted" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(60),
	"response" integer,
	"assigned_staff_id" integer,
	"assigned_to" varchar(200),
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "ticket_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"web_user_id" integer,
	"user_name" varchar(254) NOT NULL,
	"display_name" varchar(200),
	"action_desc" text NOT NULL,
	"action_contact_id" integer,
	"status" varchar(16),
	"is_internal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_filters" (
	"id" varchar(32) NOT NULL,
	"cid" integer NOT NULL,
	"search_type" varchar(16) NOT NULL,
	"search_name" varchar(200) NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"owner_web_user_id" integer NOT NULL,
	"owner_name" varchar(200) NOT NULL,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(254),
	CONSTRAINT "ticket_filters_pk" PRIMARY KEY("cid","search_type","id")
);
--> statement-breakpoint
CREATE TABLE "ticket_priorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"level" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_severities" (
	"id" serial PRIMARY KEY NOT NULL,
	"short" varchar(16) NOT NULL,
	"name" varchar(60) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_severities_short_uq" UNIQUE("short")
);
--> statement-breakpoint
CREATE TABLE "ticket_subclasses" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"ticket_no" varchar(20) NOT NULL,
	"ticket_type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'Open' NOT NULL,
	"short_description" varchar(300) NOT NULL,
	"description" text,
	"contact_id" integer NOT NULL,
	"target_name" varchar(200),
	"target_contact_id" integer,
	"device_id" integer,
	"site_id" integer,
	"department_id" integer,
	"board_id" integer,
	"priority_id" integer,
	"severity_short" varchar(16),
	"class_id" integer,
	"subclass_id" integer,
	"assigned_staff_id" integer,
	"assigned_contact_id" integer,
	"assigned_to_name" varchar(200),
	"reassignment_template_id" integer,
	"is_vip" boolean DEFAULT false NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"is_request_scheduled" boolean DEFAULT false NOT NULL,
	"requested_start_date" timestamp with time zone,
	"requested_end_date" timestamp with time zone,
	"open_date" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_date" timestamp with time zone,
	"disposition" varchar(60),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"job_id" integer NOT NULL,
	"trans_num" varchar(40) NOT NULL,
	"trans_type" varchar(16) NOT NULL,
	"trans_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"include_time_activity" boolean DEFAULT false NOT NULL,
	"invoice_applied_id" integer
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"item" varchar(120) NOT NULL,
	"description" text,
	"quantity" numeric(12, 2) DEFAULT '1' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"job_id" integer NOT NULL,
	"product_name" varchar(200) NOT NULL,
	"customer_description" text,
	"quantity" numeric(12, 2) DEFAULT '1' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"product_class" varchar(80),
	"billable_option" varchar(60)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"job_num" varchar(40) NOT NULL,
	"internal_short_desc" varchar(300),
	"job_status" varchar(20) DEFAULT 'Active' NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managed_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"job_id" integer NOT NULL,
	"rate_desc" varchar(200),
	"description" text,
	"sell_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"quantity" numeric(12, 2) DEFAULT '1' NOT NULL,
	"ok_to_invoice" boolean DEFAULT true NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"job_id" integer NOT NULL,
	"ticket_id" integer,
	"invoice_id" integer,
	"staff_id" integer,
	"member_name" varchar(160) NOT NULL,
	"activity_type" varchar(80),
	"rate_desc" varchar(200),
	"rate" numeric(12, 2),
	"time_in" timestamp with time zone NOT NULL,
	"time_out" timestamp with time zone,
	"duration_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"is_invoiced" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"cid" integer,
	"web_user_id" integer,
	"core_state" varchar(16) DEFAULT 'Draft' NOT NULL,
	"current_page" varchar(120),
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"kapp_slug" varchar(80) NOT NULL,
	"slug" varchar(80) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cid" integer,
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" varchar(80),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cid" integer,
	"web_user_id" integer,
	"action" varchar(80) NOT NULL,
	"entity" varchar(60),
	"entity_id" varchar(64),
	"details" jsonb,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_manager_id_provider_staff_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_it_consultant_id_provider_staff_id_fk" FOREIGN KEY ("it_consultant_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tech_manager_id_provider_staff_id_fk" FOREIGN KEY ("tech_manager_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_users" ADD CONSTRAINT "web_users_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_users" ADD CONSTRAINT "web_users_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_web_user_id_web_users_id_fk" FOREIGN KEY ("invited_by_web_user_id") REFERENCES "public"."web_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_messages" ADD CONSTRAINT "banner_messages_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_submitted_by_contact_id_contacts_id_fk" FOREIGN KEY ("submitted_by_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_assigned_staff_id_provider_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_staff_id_provider_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_action_contact_id_contacts_id_fk" FOREIGN KEY ("action_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_uploaded_by_web_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."web_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_filters" ADD CONSTRAINT "ticket_filters_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_filters" ADD CONSTRAINT "ticket_filters_owner_web_user_id_web_users_id_fk" FOREIGN KEY ("owner_web_user_id") REFERENCES "public"."web_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_subclasses" ADD CONSTRAINT "ticket_subclasses_class_id_ticket_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."ticket_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_target_contact_id_contacts_id_fk" FOREIGN KEY ("target_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_priority_id_ticket_priorities_id_fk" FOREIGN KEY ("priority_id") REFERENCES "public"."ticket_priorities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_severity_short_ticket_severities_short_fk" FOREIGN KEY ("severity_short") REFERENCES "public"."ticket_severities"("short") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_class_id_ticket_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."ticket_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_subclass_id_ticket_subclasses_id_fk" FOREIGN KEY ("subclass_id") REFERENCES "public"."ticket_subclasses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigned_staff_id_provider_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigned_contact_id_contacts_id_fk" FOREIGN KEY ("assigned_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_invoice_applied_id_balance_transactions_id_fk" FOREIGN KEY ("invoice_applied_id") REFERENCES "public"."balance_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_balance_transactions_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."balance_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_services" ADD CONSTRAINT "managed_services_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_services" ADD CONSTRAINT "managed_services_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_invoice_id_balance_transactions_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."balance_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_staff_id_provider_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_cid_id_idx" ON "contacts" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "contacts_cid_last_first_idx" ON "contacts" USING btree ("cid","last_name","first_name");--> statement-breakpoint
CREATE INDEX "contacts_cid_first_idx" ON "contacts" USING btree ("cid","first_name");--> statement-breakpoint
CREATE INDEX "contacts_cid_email_idx" ON "contacts" USING btree ("cid","email");--> statement-breakpoint
CREATE INDEX "contacts_cid_pending_idx" ON "contacts" USING btree ("cid","is_pending");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_code_uq" ON "customers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "departments_cid_name_idx" ON "departments" USING btree ("cid","name");--> statement-breakpoint
CREATE INDEX "sessions_web_user_idx" ON "sessions" USING btree ("web_user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sites_cid_name_idx" ON "sites" USING btree ("cid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "web_users_email_uq" ON "web_users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "web_users_contact_uq" ON "web_users" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "web_users_cid_idx" ON "web_users" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "chat_sessions_cid_ended_idx" ON "chat_sessions" USING btree ("cid","ended_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_sessions_chat_idx" ON "chat_sessions" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "invitations_cid_id_idx" ON "invitations" USING btree ("cid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitations_cid_contact_idx" ON "invitations" USING btree ("cid","contact_id","status");--> statement-breakpoint
CREATE INDEX "invitations_run_idx" ON "invitations" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_uq" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_web_user_idx" ON "one_time_tokens" USING btree ("web_user_id");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_idx" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "banner_messages_cid_uq" ON "banner_messages" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "devices_cid_name_idx" ON "devices" USING btree ("cid","device_name");--> statement-breakpoint
CREATE INDEX "devices_cid_contact_name_idx" ON "devices" USING btree ("cid","contact_id","device_name");--> statement-breakpoint
CREATE INDEX "devices_name_trgm" ON "devices" USING gin ("device_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "devices_cid_kaseya_uq" ON "devices" USING btree ("cid","kaseya_machine_group_id") WHERE "devices"."kaseya_machine_group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_cid_ncentral_uq" ON "devices" USING btree ("cid","ncentral_device_id") WHERE "devices"."ncentral_device_id" is not null;--> statement-breakpoint
CREATE INDEX "surveys_cid_date_idx" ON "surveys" USING btree ("cid","date_submitted" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "surveys_cid_contact_idx" ON "surveys" USING btree ("cid","submitted_by_contact_id");--> statement-breakpoint
CREATE INDEX "ticket_actions_cid_ticket_id_idx" ON "ticket_actions" USING btree ("cid","ticket_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_attachments_cid_ticket_idx" ON "ticket_attachments" USING btree ("cid","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_attachments_storage_key_uq" ON "ticket_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_classes_name_uq" ON "ticket_classes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ticket_filters_cid_type_public_owner_idx" ON "ticket_filters" USING btree ("cid","search_type","is_public","owner_web_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_subclasses_class_name_uq" ON "ticket_subclasses" USING btree ("class_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_ticket_no_uq" ON "tickets" USING btree ("ticket_no");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_id_idx" ON "tickets" USING btree ("cid","ticket_type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_cid_type_status_id_idx" ON "tickets" USING btree ("cid","ticket_type","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_cid_contact_type_status_id_idx" ON "tickets" USING btree ("cid","contact_id","ticket_type","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_cid_type_open_date_idx" ON "tickets" USING btree ("cid","ticket_type","open_date");--> statement-breakpoint
CREATE INDEX "tickets_cid_assigned_staff_idx" ON "tickets" USING btree ("cid","assigned_staff_id");--> statement-breakpoint
CREATE INDEX "tickets_cid_department_idx" ON "tickets" USING btree ("cid","department_id");--> statement-breakpoint
CREATE INDEX "tickets_cid_device_idx" ON "tickets" USING btree ("cid","device_id");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_requested_start_idx" ON "tickets" USING btree ("cid","ticket_type","requested_start_date");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_short_desc_idx" ON "tickets" USING btree ("cid","ticket_type","short_description");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_assigned_name_idx" ON "tickets" USING btree ("cid","ticket_type","assigned_to_name");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_priority_idx" ON "tickets" USING btree ("cid","ticket_type","priority_id");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_severity_idx" ON "tickets" USING btree ("cid","ticket_type","severity_short");--> statement-breakpoint
CREATE INDEX "tickets_ticket_no_trgm" ON "tickets" USING gin ("ticket_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_short_desc_trgm" ON "tickets" USING gin ("short_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_target_name_trgm" ON "tickets" USING gin ("target_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "balance_transactions_cid_job_date_idx" ON "balance_transactions" USING btree ("cid","job_id","trans_date");--> statement-breakpoint
CREATE INDEX "balance_transactions_cid_date_idx" ON "balance_transactions" USING btree ("cid","trans_date");--> statement-breakpoint
CREATE INDEX "invoice_lines_cid_invoice_idx" ON "invoice_lines" USING btree ("cid","invoice_id");--> statement-breakpoint
CREATE INDEX "job_products_cid_job_idx" ON "job_products" USING btree ("cid","job_id");--> statement-breakpoint
CREATE INDEX "jobs_cid_id_idx" ON "jobs" USING btree ("cid","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_cid_status_id_idx" ON "jobs" USING btree ("cid","job_status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "managed_services_cid_job_id_idx" ON "managed_services" USING btree ("cid","job_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "time_entries_cid_job_id_idx" ON "time_entries" USING btree ("cid","job_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "time_entries_cid_invoice_idx" ON "time_entries" USING btree ("cid","invoice_id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_created_idx" ON "form_submissions" USING btree ("form_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_submissions_cid_form_idx" ON "form_submissions" USING btree ("cid","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_kapp_slug_uq" ON "forms" USING btree ("kapp_slug","slug");--> statement-breakpoint
CREATE INDEX "email_outbox_status_next_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "audit_log_cid_created_idx" ON "audit_log" USING btree ("cid","created_at" DESC NULLS LAST);