ALTER TABLE "chat_messages" ADD COLUMN "context" jsonb;
