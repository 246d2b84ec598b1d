import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * Customer service (issue 15).
 *
 * A conversation is between a buyer and a seller (seller_id) or the platform's customer service
 * (seller_id null), one per pair; its subject (product, store or order) is the latest thing it was
 * opened about. Each side keeps how far it has read (a message id), so unread counts and read
 * receipts come from the database. A message's id is its position in every stream: messages are
 * inserted under one transaction-scoped advisory lock, so ids become visible in the order they were
 * given and a reconnecting client that asks for "after id N" never skips one. (sender_id, client_id)
 * is unique: a repeated send stores one message.
 *
 * A stream ticket is a one-time, short-lived key for opening the event stream (an EventSource cannot
 * sign its request): a signed call gets one, the stream's URL spends it.
 *
 * A work order links to one of its user's orders and keeps its chart (machines/workOrder.machine.ts);
 * its replies are rows beside it.
 */
export const customerService: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table conversations (
        id bigint generated always as identity primary key,
        buyer_id bigint not null references users(id),
        seller_id bigint references users(id),
        subject_kind text,
        subject_id bigint,
        buyer_read_id bigint not null default 0,
        counterpart_read_id bigint not null default 0,
        last_message_id bigint not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index conversations_pair on conversations(buyer_id, coalesce(seller_id, 0));
      create index conversations_seller on conversations(seller_id, updated_at);
      create index conversations_platform on conversations(updated_at) where seller_id is null;
      create table chat_messages (
        id bigint generated always as identity primary key,
        conversation_id bigint not null references conversations(id) on delete cascade,
        sender_id bigint not null references users(id),
        side text not null,
        client_id text not null,
        body text not null,
        image_id text references images(id),
        created_at timestamptz not null default now()
      );
      create unique index chat_messages_client on chat_messages(sender_id, client_id);
      create index chat_messages_conversation on chat_messages(conversation_id, id);
      create index chat_messages_sender_time on chat_messages(sender_id, created_at);
      create table chat_stream_tickets (
        ticket text primary key,
        user_id bigint not null references users(id),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create table work_orders (
        id bigint generated always as identity primary key,
        work_order_no text not null unique,
        user_id bigint not null references users(id),
        order_id bigint not null references orders(id),
        category text not null,
        description text not null,
        images jsonb not null default '[]',
        status text not null,
        chart jsonb not null,
        user_unread boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index work_orders_user on work_orders(user_id, id);
      create index work_orders_queue on work_orders(status, created_at);
      create table work_order_replies (
        id bigint generated always as identity primary key,
        work_order_id bigint not null references work_orders(id) on delete cascade,
        author_id bigint not null references users(id),
        by_side text not null,
        body text not null,
        created_at timestamptz not null default now()
      );
      create index work_order_replies_order on work_order_replies(work_order_id, id);
    `);
  },
};
