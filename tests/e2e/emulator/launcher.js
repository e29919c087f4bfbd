#!/usr/bin/env node
/*
 * A local Telegram Bot API for the end-to-end tests: the npm package telegram-test-api 4.2.1
 * (pinned in package.json), made to serve python-telegram-bot 22 without editing the package.
 * The Emulator subclasses its TelegramServer and puts one extra route installer in front of
 * the package's route list, so these routes answer first and the package's own stay behind
 * them (only setWebhook/deleteWebhook are still the package's, counted in `calls` and each
 * setWebhook's url kept for /test/state's `webhooks`). Defect of the package -> fix:
 *   getMe lacks is_bot ....................... getMe: the bot user (id = the token's number)
 *   message dates in milliseconds ........... every date is in seconds
 *   no `from`, chat type always private ..... `from` is the bot; chats are kept with their type
 *   editMessageText returns null ............ edit*: the edited message, recorded as an edit
 *   callbacks lack chat_instance and date ... POST /test/callback builds a complete update
 *   getUpdates ignores offset and timeout ... offset drops confirmed updates; timeout long-polls
 *   sendPhoto, sendDocument, getFile, setMyCommands, getChat, getChatMember,
 *   getChatAdministrators missing ........... added (multipart parsed here; files kept in RAM)
 *   also added: getMyCommands, deleteMyCommands, pin/unpinChatMessage, sendChatAction,
 *   answerCallbackQuery and deleteMessage (recorded; sendChatAction in /test/state's
 *   `actions`, not in the log, which holds what a chat keeps); other methods get 404 and a
 *   stderr line
 *   an unawaited error kills node ........... process-level guards log it and keep serving
 *   unread messages expire after 60 s ....... storeTimeout is one hour; our queues never expire
 * Like the real API, with its error texts: 400 for an unknown chat or message, "message is not
 * modified", pinning in a group without admin rights, and Telegram's limits (LIMITS below): a
 * text over 4096 / a caption over 1024 UTF-16 units after entity parsing, HTML it cannot parse,
 * callback_data over 64 bytes, a callback answer over 200, a photo whose width + height pass
 * 10000 or whose sides differ more than 20 times (PNG/JPEG headers are read), a photo over 10 MB.
 * So every end-to-end test checks these limits. Test-side routes (JSON in and out):
 *   GET  /test/ready                          200 once listening
 *   POST /test/outage {seconds}               the Bot API is away: the bot's port (argv[3]) refuses
 *        connections, or (no such port) every Bot API call answers 502
 *   POST /test/chat {chat, admins, owner, bot_admin}   a chat's title/type and who is admin
 *   POST /test/message {from, chat, text, entities, reply_to, age}  -> {message, update_id, seq}
 *        (`age`: the message was typed that many seconds ago: its date says so)
 *   POST /test/callback {from, chat_id, message_id, data, age} -> {callback_id, update_id, seq}
 *        (`age`: the press was made that many seconds ago; an answer after 15 s is refused
 *        as Telegram refuses it, 400 "query is too old ...", E2E_ANSWER_WITHIN to change 15)
 *   POST /test/redeliver {update_id}          the same update once more (duplicate delivery)
 *   GET  /test/log?chat_id=&after=&wait=ms    the bot's actions with seq > after: message,
 *        photo, document, edit, delete, pin, unpin, answer; held up to `wait` ms until one exists
 *   GET  /test/state?after=&wait=ms           bot user, method call counts, commands, pollers,
 *        webhooks (the url of every setWebhook, in order: webhook-mode bots are ready then),
 *        actions (every sendChatAction: chat_id, action, seq = the log's length then, at ms)
 * Usage: node launcher.js [port [bot-port]]  (or E2E_PORT; default 8081), on 127.0.0.1; one bot at a
 * time. With a bot port the bot talks to that one, the tests to `port` (it stays up in an outage).
 */
'use strict';
const http = require('http');
const path = require('path');
const TelegramServer = require('telegram-test-api');
const { routes } = require('telegram-test-api/lib/routes/index');
const express = require(require.resolve('express', { paths: [path.dirname(require.resolve('telegram-test-api'))] }));

const now = () => Math.floor(Date.now() / 1000);
const copy = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const JSON_PARAMS = ['reply_markup', 'entities', 'caption_entities', 'reply_parameters', 'commands',
  'scope', 'allowed_updates', 'link_preview_options'];
const ADMIN = { can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true,
  can_manage_video_chats: true, can_restrict_members: true, can_promote_members: false, can_change_info: true,
  can_invite_users: true, can_post_stories: false, can_edit_stories: false, can_delete_stories: false,
  can_pin_messages: true };
// Telegram refuses an answerCallbackQuery later than ~15 s after the press, with this text
// (E2E_ANSWER_WITHIN: the deadline in seconds, for tests; /test/callback's `age` backdates a press).
const ANSWER_WITHIN_MS = Number(process.env.E2E_ANSWER_WITHIN || 15) * 1000;
const TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';
const NOT_MODIFIED = 'message is not modified: specified new message content and reply markup'
  + ' are exactly the same as a current content and reply markup of the message';
class ApiError extends Error { constructor(code, text) { super(text); this.code = code; } }
const check = (condition, text) => { if (!condition) throw new ApiError(400, `Bad Request: ${text}`); };

/*
 * Telegram's limits, checked the way Telegram checks them, with its own error texts.
 * Lengths are UTF-16 code units (a JS string's length) of the text after entity parsing:
 * HTML tags removed, `&lt;` one character.
 */
const LIMITS = { text: 4096, caption: 1024, callbackData: 64, answer: 200, photoSum: 10000, photoRatio: 20,
  photoBytes: 10 * 1024 * 1024 };
const HTML_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler', 'a',
  'code', 'pre', 'blockquote', 'tg-emoji']);
const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** The text Telegram shows for `text` in `parseMode`, or a 400 "can't parse entities". */
function shownText(text, parseMode) {
  if (String(parseMode || '').toUpperCase() !== 'HTML') return text;
  const fail = (why) => { throw new ApiError(400, `Bad Request: can't parse entities: ${why}`); };
  const open = [];
  let out = '';
  for (let i = 0; i < text.length;) {
    const ch = text[i];
    if (ch === '<') {
      const end = text.indexOf('>', i);
      const offset = Buffer.byteLength(text.slice(0, i));
      if (end < 0) fail(`Unclosed start tag at byte offset ${offset}`);
      const body = text.slice(i + 1, end).trim();
      const closing = body.startsWith('/');
      const name = (closing ? body.slice(1) : body).split(/\s/)[0].toLowerCase();
      if (!HTML_TAGS.has(name)) fail(`Unsupported start tag "${name}" at byte offset ${offset}`);
      if (closing) {
        const top = open.pop();
        if (top !== name) fail(`Unmatched end tag at byte offset ${offset}, expected "</${top}>", found "</${name}>"`);
      } else open.push(name);
      i = end + 1;
    } else if (ch === '&') {
      const m = /^&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/.exec(text.slice(i, i + 12));
      if (m && m[1][0] === '#') {
        out += String.fromCodePoint(m[1][1] === 'x' ? parseInt(m[1].slice(2), 16) : Number(m[1].slice(1)));
        i += m[0].length;
      } else if (m && NAMED[m[1]]) { out += NAMED[m[1]]; i += m[0].length; } else { out += ch; i += 1; }
    } else { out += ch; i += 1; }
  }
  if (open.length) fail(`Can't find end tag corresponding to start tag "${open[open.length - 1]}"`);
  return out;
}

function checkText(text, parseMode) {
  const shown = shownText(String(text ?? ''), parseMode);
  check(shown.trim().length > 0, 'message text is empty');
  check(shown.length <= LIMITS.text, 'message is too long');
}

function checkCaption(caption, parseMode) {
  if (caption === undefined || caption === null) return;
  check(shownText(String(caption), parseMode).length <= LIMITS.caption, 'message caption is too long');
}

function checkMarkup(markup) {
  for (const row of markup?.inline_keyboard || []) {
    for (const button of row) {
      const data = button.callback_data;
      if (data !== undefined) check(Buffer.byteLength(data) >= 1 && Buffer.byteLength(data) <= LIMITS.callbackData, 'BUTTON_DATA_INVALID');
    }
  }
}

/** Width and height of a PNG or JPEG (null when neither: Telegram would refuse it too). */
function imageSize(data) {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47) return [data.readUInt32BE(16), data.readUInt32BE(20)];
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    for (let i = 2; i + 9 < data.length;) {
      if (data[i] !== 0xff) { i += 1; continue; }
      const marker = data[i + 1];
      const length = data.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return [data.readUInt16BE(i + 7), data.readUInt16BE(i + 5)];
      i += 2 + length;
    }
  }
  return null;
}

function checkPhoto(data) {
  if (data.length > LIMITS.photoBytes) throw new ApiError(413, 'Request Entity Too Large');
  const size = imageSize(data);
  check(size, 'IMAGE_PROCESS_FAILED');
  const [w, h] = size;
  check(w > 0 && h > 0 && w + h <= LIMITS.photoSum && Math.max(w, h) <= LIMITS.photoRatio * Math.min(w, h), 'PHOTO_INVALID_DIMENSIONS');
  return size;
}

/** multipart/form-data -> {name: string | {filename, type, data}}; enough for httpx's uploads. */
function multipart(req) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] || '');
  const out = {};
  if (!m || !Buffer.isBuffer(req.body)) return out;
  const body = req.body;
  const sep = Buffer.from(`--${m[1] || m[2]}`);
  for (let pos = body.indexOf(sep); pos >= 0;) {
    const next = body.indexOf(sep, pos + sep.length);
    if (next < 0) break;
    const part = body.subarray(pos + sep.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString();
    const data = part.subarray(split + 4);
    const name = /[; ]name="([^"]*)"/.exec(head)[1];
    const file = /filename="([^"]*)"/.exec(head);
    out[name] = file ? { filename: file[1], type: (/content-type:\s*(\S+)/i.exec(head) || [])[1], data }
      : data.toString();
    pos = next;
  }
  return out;
}

function params(req) {
  const p = { ...req.query, ...(Buffer.isBuffer(req.body) ? multipart(req) : req.body) };
  for (const key of JSON_PARAMS) if (typeof p[key] === 'string') p[key] = JSON.parse(p[key]);
  return p;
}

class Emulator extends TelegramServer {
  chats = new Map(); // id -> {chat, admins: Set, owner, botAdmin, nextId, messages: Map}
  users = new Map(); // id -> user, as the tests introduced them
  pending = []; // [{update, again}]: kept until an offset confirms them (again: redelivered)
  sent = new Map(); // update_id -> update, for /test/redeliver
  log = []; // the bot's actions, seq = index + 1
  calls = {}; // Bot API method -> count
  commands = {}; // scope (+ language) -> [{command, description}]
  files = new Map(); // file_id -> {data, name, size}
  callbacks = new Map(); // callback id -> chat id
  pressedAt = new Map(); // callback id -> when it was pressed (ms), for Telegram's answer deadline
  hooks = []; // the url of every setWebhook (the package keeps only the last, per token)
  actions = []; // every sendChatAction: {chat_id, action, seq (the log's length then), at (ms)}
  nextUpdateId = 1;
  version = 0;
  pollers = 0;

  get botUser() { return { id: this.botId || 0, is_bot: true, first_name: 'Turnuva Botu', username: this.botName }; }

  changed() { this.version += 1; this.emit('changed'); }

  /** Answer now if ready() or waitMs <= 0, else when a change makes ready() true or at waitMs. */
  hold(res, waitMs, ready, reply, settle = () => {}) {
    if (ready() || !(waitMs > 0)) { settle(); reply(); return; }
    let done = false;
    const finish = (send) => {
      if (done) return;
      done = true; clearTimeout(timer); this.off('changed', onChange); settle();
      if (send) reply();
    };
    const onChange = () => { if (ready()) finish(true); };
    const timer = setTimeout(() => finish(true), waitMs);
    this.on('changed', onChange);
    res.on('close', () => finish(false));
  }

  chat(id) {
    const state = this.chats.get(String(id));
    check(state, 'chat not found');
    return state;
  }

  ensureChat(chat) {
    let state = this.chats.get(String(chat.id));
    if (!state) {
      state = { chat: { type: 'private' }, admins: new Set(), owner: null, botAdmin: false, nextId: 1, messages: new Map() };
      this.chats.set(String(chat.id), state);
    }
    Object.assign(state.chat, chat);
    return state;
  }

  message(state, id, what = 'edit') {
    const msg = state.messages.get(Number(id));
    check(msg, `message to ${what} not found`);
    return msg;
  }

  record(kind, chatId, msg, extra = {}) {
    this.log.push({ seq: this.log.length + 1, kind, chat_id: Number(chatId), message_id: msg ? msg.message_id : null,
      message: copy(msg), ...extra });
    this.changed();
  }

  queue(update) {
    update.update_id = this.nextUpdateId++;
    this.sent.set(update.update_id, update);
    this.pending.push({ update });
    this.changed();
    return update.update_id;
  }

  member(state, userId) {
    const id = Number(userId);
    const user = id === this.botId ? this.botUser : this.users.get(id) || { id, is_bot: false, first_name: `Üye ${id}` };
    if (state.owner === id) return { status: 'creator', user, is_anonymous: false };
    if (state.admins.has(id) || (id === this.botId && state.botAdmin)) return { status: 'administrator', user, ...ADMIN };
    return { status: 'member', user };
  }

  /** The Message the bot API returns for a bot's send: seconds, `from`, the chat as it is. */
  botMessage(state, p, fields) {
    checkMarkup(p.reply_markup);
    const replyTo = p.reply_parameters?.message_id ?? p.reply_to_message_id;
    const msg = { message_id: state.nextId++, from: this.botUser, chat: state.chat, date: now(), ...fields };
    if (p.reply_markup?.inline_keyboard) msg.reply_markup = p.reply_markup;
    if (replyTo && state.messages.has(Number(replyTo))) msg.reply_to_message = { ...state.messages.get(Number(replyTo)), reply_to_message: undefined };
    state.messages.set(msg.message_id, msg);
    return msg;
  }

  upload(p, field, kind) {
    const state = this.chat(p.chat_id);
    check(p[field], `there is no ${field} in the request`);
    checkCaption(p.caption, p.parse_mode);
    const given = typeof p[field] === 'object' ? p[field] : { filename: String(p[field]), data: Buffer.alloc(0) };
    const [width, height] = kind === 'photo' ? checkPhoto(given.data) : [0, 0];
    const fileId = `file-${this.files.size + 1}`;
    this.files.set(fileId, { data: given.data, name: given.filename, size: given.data.length });
    const file = { file_id: fileId, file_unique_id: `u${fileId}`, file_size: given.data.length };
    const media = kind === 'photo' ? [{ ...file, width, height }]
      : { ...file, file_name: given.filename, mime_type: given.type || 'application/octet-stream' };
    const msg = this.botMessage(state, p, { [kind]: media, caption: p.caption, caption_entities: p.caption_entities });
    this.record(kind, p.chat_id, msg, { file_name: given.filename, size: given.data.length, caption: p.caption ?? null,
      width, height });
    return msg;
  }

  edit(p, fields) {
    if ('text' in fields) checkText(fields.text, p.parse_mode);
    if ('caption' in fields) checkCaption(fields.caption, p.parse_mode);
    checkMarkup(p.reply_markup);
    const state = this.chat(p.chat_id);
    const msg = this.message(state, p.message_id);
    const next = { ...msg, ...fields, reply_markup: p.reply_markup?.inline_keyboard ? p.reply_markup : undefined };
    const same = (key) => JSON.stringify(next[key]) === JSON.stringify(msg[key]);
    check(!['text', 'caption', 'reply_markup'].every(same), NOT_MODIFIED);
    next.edit_date = now();
    state.messages.set(msg.message_id, next);
    this.record('edit', p.chat_id, next);
    return next;
  }

  pin(p, kind) {
    const state = this.chat(p.chat_id);
    check(state.chat.type === 'private' || state.botAdmin, 'not enough rights to manage pinned messages in the chat');
    const msg = p.message_id ? this.message(state, p.message_id, kind) : null;
    this.record(kind, p.chat_id, msg);
    return true;
  }

  /** Installed in front of the package's routes (see the bottom of this file). */
  /** The bot's own port (argv[3]): the same routes, but an outage closes it (connection refused). */
  listenForBot(port) {
    this.botPort = port;
    this.botSockets = new Set();
    this.botServer = http.createServer(this.webServer);
    this.botServer.on('connection', (socket) => {
      this.botSockets.add(socket);
      socket.on('close', () => this.botSockets.delete(socket));
    });
    return new Promise((resolve, reject) => this.botServer.listen(port, '127.0.0.1').once('listening', resolve).once('error', reject));
  }

  /** The Bot API is away for `seconds`: its port refuses connections (or, without a port of its
   * own, every Bot API call answers 502 Bad Gateway, as Telegram's front end does). */
  outage(seconds) {
    this.outageUntil = Date.now() + seconds * 1000;
    this.outages = (this.outages || 0) + 1;
    if (this.botServer) {
      this.botServer.close();
      for (const socket of this.botSockets) socket.destroy();
      setTimeout(() => {
        this.botServer.listen(this.botPort, '127.0.0.1');
        this.outageUntil = 0;
        this.changed();
      }, seconds * 1000);
    } else setTimeout(() => { this.outageUntil = 0; this.changed(); }, seconds * 1000);
    this.changed();
  }

  installRoutes(app) {
    this.setMaxListeners(0); // every held request listens for 'changed'
    app.use((req, res, next) => {
      if (this.outageUntil > Date.now() && req.path.startsWith('/bot')) {
        res.status(502).type('html').send('<html><body><h1>502 Bad Gateway</h1></body></html>');
        return;
      }
      next();
    });
    const raw = express.raw({ type: 'multipart/form-data', limit: '50mb' });
    const bot = (method, fn) => app.all(`/bot:token/${method}`, raw, (req, res) => {
      const name = req.params.method || method;
      this.calls[name] = (this.calls[name] || 0) + 1;
      this.changed();
      try {
        const result = fn(params(req), req, res);
        if (result !== undefined) res.json({ ok: true, result });
      } catch (error) {
        const code = error instanceof ApiError ? error.code : 500;
        if (code === 500) console.error(`emulator: ${name} failed:`, error);
        res.status(code).json({ ok: false, error_code: code, description: error.message });
      }
    });
    const test = (verb, route, fn) => app[verb](`/test/${route}`, (req, res) => {
      try {
        const result = fn({ ...req.query, ...req.body }, res);
        if (result !== undefined) res.json(result);
      } catch (error) {
        console.error(`emulator: /test/${route} failed:`, error.message);
        res.status(400).json({ ok: false, description: error.message });
      }
    });

    bot('getMe', (p, req) => {
      // A token Telegram does not know (here: bot id 0) is refused as Telegram refuses it.
      if (req.params.token.startsWith('0:')) throw new ApiError(401, 'Unauthorized');
      this.botId = Number(req.params.token.split(':')[0]);
      return { ...this.botUser, can_join_groups: true, can_read_all_group_messages: true, supports_inline_queries: false };
    });
    bot('getUpdates', (p, req, res) => {
      const offset = Number(p.offset || 0);
      if (offset > 0) this.pending = this.pending.filter((e) => e.again || e.update.update_id >= offset);
      this.pollers += 1;
      this.changed();
      this.hold(res, Number(p.timeout || 0) * 1000, () => this.pending.length > 0, () => {
        const batch = this.pending.slice(0, Number(p.limit || 100));
        this.pending = this.pending.filter((e) => !(e.again && batch.includes(e)));
        res.json({ ok: true, result: batch.map((e) => e.update) });
      }, () => { this.pollers -= 1; });
    });
    bot('sendMessage', (p) => {
      const state = this.chat(p.chat_id);
      const text = String(p.text ?? '');
      checkText(text, p.parse_mode);
      const msg = this.botMessage(state, p, { text, entities: p.entities });
      this.record('message', p.chat_id, msg, { parse_mode: p.parse_mode ?? null, reply_markup: p.reply_markup ?? null });
      return msg;
    });
    bot('sendPhoto', (p) => this.upload(p, 'photo', 'photo'));
    bot('sendDocument', (p) => this.upload(p, 'document', 'document'));
    bot('getFile', (p) => {
      const file = this.files.get(p.file_id);
      check(file, 'invalid file_id');
      return { file_id: p.file_id, file_unique_id: `u${p.file_id}`, file_size: file.size, file_path: `files/${p.file_id}` };
    });
    app.get('/file/bot:token/files/:id', (req, res) => res.send(this.files.get(req.params.id)?.data ?? ''));
    bot('editMessageText', (p) => this.edit(p, { text: p.text, entities: p.entities }));
    bot('editMessageCaption', (p) => this.edit(p, { caption: p.caption, caption_entities: p.caption_entities }));
    bot('editMessageReplyMarkup', (p) => this.edit(p, {}));
    bot('deleteMessage', (p) => {
      const state = this.chat(p.chat_id);
      const msg = state.messages.get(Number(p.message_id));
      check(msg, 'message to delete not found');
      state.messages.delete(msg.message_id);
      this.record('delete', p.chat_id, msg);
      return true;
    });
    bot('pinChatMessage', (p) => this.pin(p, 'pin'));
    bot('unpinChatMessage', (p) => this.pin(p, 'unpin'));
    bot('answerCallbackQuery', (p) => {
      const pressed = this.pressedAt.get(String(p.callback_query_id));
      check(pressed !== undefined && Date.now() - pressed <= ANSWER_WITHIN_MS, TOO_OLD);
      check(String(p.text ?? '').length <= LIMITS.answer, 'MESSAGE_TOO_LONG');
      this.record('answer', this.callbacks.get(String(p.callback_query_id)) ?? 0, null,
        { text: p.text ?? null, show_alert: String(p.show_alert) === 'true' });
      return true;
    });
    const scope = (p) => `${p.scope?.type || 'default'}${p.scope?.chat_id ? `:${p.scope.chat_id}` : ''}/${p.language_code || ''}`;
    bot('setMyCommands', (p) => { this.commands[scope(p)] = p.commands; this.changed(); return true; });
    bot('getMyCommands', (p) => this.commands[scope(p)] || []);
    bot('deleteMyCommands', (p) => { delete this.commands[scope(p)]; this.changed(); return true; });
    bot('sendChatAction', (p) => {
      this.chat(p.chat_id);
      this.actions.push({ chat_id: Number(p.chat_id), action: String(p.action), seq: this.log.length, at: Date.now() });
      this.changed();
      return true;
    });
    bot('getChat', (p) => ({ ...this.chat(p.chat_id).chat, accent_color_id: 0, max_reaction_count: 11,
      accepted_gift_types: { unlimited_gifts: false, limited_gifts: false, unique_gifts: false, premium_subscription: false, gifts_from_channels: false } }));
    bot('getChatMember', (p) => this.member(this.chat(p.chat_id), p.user_id));
    bot('getChatAdministrators', (p) => {
      const state = this.chat(p.chat_id);
      const ids = [state.owner, ...state.admins, state.botAdmin ? this.botId : null].filter((id) => id != null);
      return [...new Set(ids)].map((id) => this.member(state, id));
    });
    app.all('/bot:token/:method', (req, res, next) => {
      if (['setWebhook', 'deleteWebhook'].includes(req.params.method)) {
        this.calls[req.params.method] = (this.calls[req.params.method] || 0) + 1;
        if (req.params.method === 'setWebhook') this.hooks.push(String(params(req).url ?? ''));
        this.changed();
        next();
        return;
      }
      console.error(`emulator: the bot called ${req.params.method}, which is not emulated`);
      res.status(404).json({ ok: false, error_code: 404, description: `Not Found: ${req.params.method} is not emulated` });
    });

    test('get', 'ready', () => ({ ok: true }));
    test('post', 'outage', (b) => { this.outage(Number(b.seconds)); return { ok: true, until: this.outageUntil }; });
    test('post', 'chat', (b) => {
      const state = this.ensureChat(b.chat);
      if (b.admins) state.admins = new Set(b.admins.map((u) => { this.users.set(u.id, u); return u.id; }));
      if (b.owner) { this.users.set(b.owner.id, b.owner); state.owner = b.owner.id; }
      if (b.bot_admin !== undefined) state.botAdmin = Boolean(b.bot_admin);
      return { ok: true };
    });
    test('post', 'message', (b) => {
      this.users.set(b.from.id, b.from);
      const state = this.ensureChat(b.chat);
      const date = Math.floor((Date.now() - Number(b.age || 0) * 1000) / 1000); // `age`: typed earlier
      const msg = { message_id: state.nextId++, from: b.from, chat: state.chat, date, text: b.text };
      if (b.entities?.length) msg.entities = b.entities;
      if (b.reply_to) msg.reply_to_message = { ...this.message(state, b.reply_to), reply_to_message: undefined };
      state.messages.set(msg.message_id, msg);
      const updateId = this.queue({ message: copy(msg) });
      return { message: msg, update_id: updateId, seq: this.log.length };
    });
    test('post', 'callback', (b) => {
      const state = this.chat(b.chat_id);
      const msg = this.message(state, b.message_id, 'press');
      const buttons = (msg.reply_markup?.inline_keyboard || []).flat();
      // `forged`: a modified client sends data no button carries (the bot must not trust it).
      if (!b.forged) check(buttons.some((x) => x.callback_data === b.data), `no button with callback_data ${b.data}`);
      this.users.set(b.from.id, b.from);
      const id = String(this.callbacks.size + 1);
      this.callbacks.set(id, Number(b.chat_id));
      this.pressedAt.set(id, Date.now() - Number(b.age || 0) * 1000);
      const updateId = this.queue({ callback_query: { id, from: b.from, message: copy(msg),
        chat_instance: String(b.chat_id), data: b.data } });
      return { callback_id: id, update_id: updateId, seq: this.log.length };
    });
    test('post', 'redeliver', (b) => {
      const update = this.sent.get(Number(b.update_id));
      check(update, 'no such update');
      this.pending.push({ update, again: true });
      this.changed();
      return { ok: true };
    });
    test('get', 'log', (q, res) => {
      const after = Number(q.after || 0);
      const mine = (e) => e.seq > after && (q.chat_id === undefined || e.chat_id === Number(q.chat_id));
      this.hold(res, Number(q.wait || 0), () => this.log.some(mine),
        () => res.json({ events: this.log.filter(mine), seq: this.log.length }));
    });
    test('get', 'state', (q, res) => {
      this.hold(res, Number(q.wait || 0), () => this.version > Number(q.after || 0), () => res.json({
        version: this.version, bot: this.botId ? this.botUser : null, calls: this.calls,
        commands: this.commands, pollers: this.pollers, pending: this.pending.length, webhooks: this.hooks,
        actions: this.actions,
        outage: this.outageUntil > Date.now() }));
    });
  }
}

// In front of the package's own route list: the constructor registers routes in this order.
routes.unshift((app, server) => server.installRoutes(app));

process.on('uncaughtException', (error) => console.error('emulator: uncaught exception:', error));
process.on('unhandledRejection', (error) => console.error('emulator: unhandled rejection:', error));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));

const port = Number(process.argv[2] || process.env.E2E_PORT || 8081);
const server = new Emulator({ port, host: '127.0.0.1', storeTimeout: 3600 });
server.botName = process.env.E2E_BOT_USERNAME || 'TurnuvaTestBot';
const botPort = Number(process.argv[3] || 0);
server.start().then(() => (botPort ? server.listenForBot(botPort) : null))
  .catch((error) => { console.error('emulator: cannot start:', error); process.exit(1); });
