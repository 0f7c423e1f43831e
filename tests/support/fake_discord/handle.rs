//! [`FakeDiscord`]: start the fake, act as users, read what the bot did.

use super::gateway::gateway_accept;
use super::rest::rest;
use super::*;

// ---------------------------------------------------------------------------------------------
// The handle

/// A running fake Discord; cheap to clone, all clones share the same state.
#[derive(Clone)]
pub struct FakeDiscord {
    shared: Shared,
    rest_port: u16,
}

impl FakeDiscord {
    /// Binds REST and the gateway on 127.0.0.1 (ephemeral ports) and serves them on the
    /// current tokio runtime.
    pub async fn start() -> FakeDiscord {
        let rest_listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake discord: bind REST");
        let gw = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake discord: bind gateway");
        let rest_port = rest_listener.local_addr().expect("REST addr").port();
        let gw_port = gw.local_addr().expect("gateway addr").port();
        let shared: Shared = Arc::new(Mutex::new(State {
            next_interaction: 5000,
            next_message: 7000,
            next_conn: 0,
            calls: Vec::new(),
            msgs: Vec::new(),
            by_channel: HashMap::new(),
            by_interaction: HashMap::new(),
            msg_index: HashMap::new(),
            closed_dms: HashSet::new(),
            threads: Vec::new(),
            opened_dms: HashMap::new(),
            fails: Vec::new(),
            commands_body: Vec::new(),
            commands_echo: Vec::new(),
            command_ids: HashMap::new(),
            inters: HashMap::new(),
            tokens: HashMap::new(),
            connections: 0,
            resumes: 0,
            allow_resume: false,
            shards: HashMap::new(),
            total: 1,
            shard_sessions: HashMap::new(),
            identifies: Vec::new(),
            channel_guilds: HashMap::new(),
            dispatch_wait: Duration::from_secs(5),
            nonces: HashMap::new(),
            nonce_repeats: 0,
            pace: None,
            gw_url: format!("ws://127.0.0.1:{gw_port}"),
            locales: HashMap::new(),
        }));
        let app = axum::Router::new()
            .fallback(rest)
            .with_state(shared.clone());
        tokio::spawn(async move {
            let _ = axum::serve(rest_listener, app).await;
        });
        tokio::spawn(gateway_accept(shared.clone(), gw));
        FakeDiscord { shared, rest_port }
    }

    fn st(&self) -> MutexGuard<'_, State> {
        lock(&self.shared)
    }

    /// `http://127.0.0.1:PORT`: the REST base, to use as `DISCORD_PROXY_URL`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.rest_port)
    }

    /// `ws://127.0.0.1:PORT`: the gateway URL that `GET /gateway` answers.
    pub fn gateway_url(&self) -> String {
        self.st().gw_url.clone()
    }

    /// From now on, posting a message into this user's DM channel answers 403 50007.
    pub fn close_dms(&self, user: u64) {
        self.st().closed_dms.insert(user);
    }

    /// The next call with this method whose path contains `path_contains` gets this answer
    /// instead (`Value::Null` body = empty). A 429 also gets `retry-after`,
    /// `x-ratelimit-scope: user`, `x-ratelimit-reset-after` (from the body's `retry_after`),
    /// `x-ratelimit-limit` and `x-ratelimit-remaining`. Queued answers are used in order.
    pub fn fail_next(&self, method: &str, path_contains: &str, status: u16, body: Value) {
        self.st().fails.push(Fail {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            status,
            body,
        });
    }

    /// True once a gateway connection is live (sent READY or RESUMED, not closed since);
    /// false if none within `timeout`.
    pub async fn wait_ready(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            if !self.st().shards.is_empty() {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Gateway connections that reached READY so far.
    pub fn connections(&self) -> u32 {
        self.st().connections
    }

    /// Gateway connections that resumed (got RESUMED) so far; see [`Self::allow_resume`].
    pub fn resumes(&self) -> u32 {
        self.st().resumes
    }

    /// Whether RESUME (op 6) is accepted: answered with a RESUMED dispatch (sequence going on
    /// from the RESUME's `seq`; events sent while no connection was live are not replayed)
    /// instead of op 9 `false`. Off by default.
    pub fn allow_resume(&self, allow: bool) {
        self.st().allow_resume = allow;
    }

    /// The body of the last `PUT .../commands` (global or guild), one value per command.
    pub fn registered_commands(&self) -> Vec<Value> {
        self.st().commands_body.clone()
    }

    /// Sends a dispatch on the connection of the shard it goes to (its guild's; shard 0
    /// for a DM), waiting up to [`Self::set_dispatch_wait`] (5 s) for one. `interaction`:
    /// its dispatch time is set at the moment of sending.
    async fn dispatch(&self, t: &str, d: Value, interaction: Option<u64>) {
        let deadline = Instant::now() + self.st().dispatch_wait;
        loop {
            {
                let mut st = self.st();
                if st.can_dispatch(&d) {
                    if let Some(id) = interaction {
                        if let Some(i) = st.inters.get_mut(&id) {
                            i.dispatched = Instant::now();
                        }
                    }
                    if st.try_dispatch(t, d.clone()) {
                        return;
                    }
                }
            }
            if Instant::now() >= deadline {
                panic!(
                    "fake discord: no live gateway connection of shard {} to send {t} to \
                     (waited {:?}; {} connection(s) reached READY so far)",
                    self.st().target_shard(&d),
                    self.st().dispatch_wait,
                    self.connections()
                );
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Sends any gateway event (`t`, `d`) to the bot on the current connection.
    pub async fn send_event(&self, t: &str, d: Value) {
        self.dispatch(t, d, None).await;
    }

    /// Sends any frame, as it is, on the current connection (e.g. one that is not a valid
    /// gateway payload); false if no connection is live.
    pub fn send_frame(&self, frame: Value) -> bool {
        let st = self.st();
        st.shards
            .get(&0)
            .is_some_and(|conn| conn.tx.send(Out::Frame(frame)).is_ok())
    }

    /// Puts `channel` (a text channel) in `guild` instead of [`GUILD_ID`]: its events carry
    /// that guild and go to that guild's shard; threads opened in it belong to it too.
    pub fn place_channel(&self, channel: u64, guild: u64) {
        self.st().channel_guilds.insert(channel, guild);
    }

    /// Sets `user`'s Discord locale (`zh-CN`, `fr`…): their interactions carry it from now
    /// on (everyone's is `en-US` until set).
    pub fn set_locale(&self, user: u64, locale: &str) {
        self.st().locales.insert(user, locale.to_string());
    }

    /// Gives an interaction its user's locale.
    fn localize(&self, d: &mut Value, user: u64) {
        if let Some(l) = self.st().locales.get(&user) {
            d["locale"] = json!(l);
        }
    }

    /// The shards with a live gateway connection now, in order.
    pub fn live_shards(&self) -> Vec<u32> {
        let mut shards: Vec<u32> = self.st().shards.keys().copied().collect();
        shards.sort_unstable();
        shards
    }

    /// Every IDENTIFY's `[shard, total]` so far, in order.
    pub fn identifies(&self) -> Vec<[u32; 2]> {
        self.st().identifies.clone()
    }

    /// How long an event waits for a live connection of its shard before the fake panics
    /// (5 s; a test that kills a bot process waits longer, for another to take over).
    pub fn set_dispatch_wait(&self, wait: Duration) {
        self.st().dispatch_wait = wait;
    }

    /// Posts Discord answered with an earlier message of the same enforced nonce.
    pub fn nonce_repeats(&self) -> u32 {
        self.st().nonce_repeats
    }

    /// Plays a shared rate-limit proxy in front of Discord: at most `per_second` calls a
    /// second over every client, spaced evenly; a call beyond waits its turn (as
    /// twilight's http-proxy and nirn-proxy hold it) rather than getting a 429.
    /// Interaction callbacks and webhooks are exempt, as Discord exempts them.
    pub fn set_global_limit(&self, per_second: u32) {
        let gap = Duration::from_secs(1) / per_second.max(1);
        self.st().pace = Some((gap, Instant::now(), Instant::now()));
    }

    /// The most calls under the global limit (not exempt) in any one second since it was
    /// set.
    pub fn busiest_second(&self) -> usize {
        let st = self.st();
        let since = st.pace.map_or(Instant::now(), |p| p.2);
        let times: Vec<Instant> = (st.calls.iter())
            .filter(|c| c.at >= since && !exempt_from_global_limit(&c.path))
            .map(|c| c.at)
            .collect();
        let mut start = 0;
        let mut most = 0;
        for (end, t) in times.iter().enumerate() {
            while t.duration_since(times[start]) >= Duration::from_secs(1) {
                start += 1;
            }
            most = most.max(end + 1 - start);
        }
        most
    }

    /// Closes the connection of one shard (Close 1000), as when its process dies.
    pub fn drop_shard(&self, shard: u32) {
        if let Some(conn) = self.st().shards.remove(&shard) {
            let _ = conn.tx.send(Out::Close(DROP_CLOSE_CODE));
        }
    }

    /// Registers a new interaction and returns its id.
    /// The id the next interaction sent will have (to aim a failure at it).
    pub fn next_interaction_id(&self) -> u64 {
        self.st().next_interaction
    }

    fn new_interaction(&self, user: u64, channel: u64, message: Option<u64>) -> u64 {
        let mut st = self.st();
        let id = st.next_interaction;
        st.next_interaction += 1;
        let token = format!("tok-{id}");
        st.tokens.insert(token.clone(), id);
        st.inters.insert(
            id,
            Inter {
                token,
                channel,
                user,
                message,
                dispatched: Instant::now(),
                callback: None,
                original: None,
                deferred_flags: None,
            },
        );
        id
    }

    /// A slash command (`/command sub options…`, or `/command options…` when `sub` is None)
    /// by `user` in `channel` with member permissions `perms`. `options`: JSON array of
    /// `{"name","type","value"}`. Returns the interaction id.
    pub async fn slash(
        &self,
        user: u64,
        channel: u64,
        command: &str,
        sub: Option<&str>,
        options: Value,
        perms: u64,
    ) -> u64 {
        let options = if options.is_null() {
            json!([])
        } else {
            options
        };
        let cmd_id = self.st().command_ids.get(command).copied().unwrap_or(6000);
        let options = match sub {
            Some(sub) => json!([{"name": sub, "type": 1, "options": options}]),
            None => options,
        };
        let data = json!({"id": cmd_id.to_string(), "name": command, "type": 1,
                          "options": options});
        let id = self.new_interaction(user, channel, None);
        let guild = self.st().guild_of(channel);
        let mut d = interaction_json(id, 2, user, channel, guild, perms, data);
        self.localize(&mut d, user);
        self.dispatch("INTERACTION_CREATE", d, Some(id)).await;
        id
    }

    /// A button click on `msg` (its current state is looked up by id) with
    /// [`DEFAULT_PERMS`]. Returns the interaction id.
    pub async fn click(&self, user: u64, msg: &Msg, custom_id: &str) -> u64 {
        self.component(user, msg, custom_id, 2, &[], DEFAULT_PERMS)
            .await
    }

    /// A string-select choice on `msg` with [`DEFAULT_PERMS`]. Returns the interaction id.
    pub async fn select(&self, user: u64, msg: &Msg, custom_id: &str, values: &[&str]) -> u64 {
        self.component(user, msg, custom_id, 3, values, DEFAULT_PERMS)
            .await
    }

    /// A component interaction of any `component_type` (2 button, 3 string select, …) with
    /// explicit member permissions. Returns the interaction id.
    pub async fn component(
        &self,
        user: u64,
        msg: &Msg,
        custom_id: &str,
        component_type: u8,
        values: &[&str],
        perms: u64,
    ) -> u64 {
        let current = self.message(msg.id).unwrap_or_else(|| msg.clone());
        let mut data = json!({"custom_id": custom_id, "component_type": component_type});
        if component_type != 2 {
            data["values"] = json!(values);
        }
        let id = self.new_interaction(user, current.channel_id, Some(current.id));
        let guild = self.st().guild_of(current.channel_id);
        let mut d = interaction_json(id, 3, user, current.channel_id, guild, perms, data);
        self.localize(&mut d, user);
        d["message"] = message_json(&current);
        self.dispatch("INTERACTION_CREATE", d, Some(id)).await;
        id
    }

    /// A modal submit (interaction type 5) by `user` in `channel`: `fields` are
    /// `(custom_id, value)` of text inputs, one per action row. Returns the interaction id.
    pub async fn modal_submit(
        &self,
        user: u64,
        channel: u64,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> u64 {
        let rows: Vec<Value> = fields
            .iter()
            .map(|(cid, value)| {
                json!({"type": 1, "components": [
                    {"type": 4, "custom_id": cid, "value": value, "style": 1}]})
            })
            .collect();
        let data = json!({"custom_id": custom_id, "components": rows});
        let id = self.new_interaction(user, channel, None);
        let guild = self.st().guild_of(channel);
        let mut d = interaction_json(id, 5, user, channel, guild, DEFAULT_PERMS, data);
        self.localize(&mut d, user);
        self.dispatch("INTERACTION_CREATE", d, Some(id)).await;
        id
    }

    /// A human message (MESSAGE_CREATE, author not a bot); in a guild channel with `guild_id`
    /// and `member`. Stored as a [`Msg`] of that channel. Returns the message id.
    pub async fn say(&self, user: u64, channel: u64, content: &str) -> u64 {
        let (id, d) = {
            let mut st = self.st();
            let id = st.create_msg(channel, user, &json!({"content": content}), None, None);
            let guild = st.guild_of(channel);
            (
                id,
                message_create_json(st.msg(id).expect("just created"), guild),
            )
        };
        self.dispatch("MESSAGE_CREATE", d, None).await;
        id
    }

    /// The threads the bot opened: `(id, parent channel, name, members)`, in order.
    pub fn threads(&self) -> Vec<(u64, u64, String, Vec<u64>)> {
        self.st().threads.clone()
    }

    /// Every REST call so far, in arrival order.
    pub fn calls(&self) -> Vec<Call> {
        self.st().calls.clone()
    }

    /// The number of REST calls so far (cheaper than `calls().len()`).
    pub fn call_count(&self) -> usize {
        self.st().calls.len()
    }

    /// Messages of a channel, in creation order, deleted ones included (flagged).
    pub fn messages(&self, channel: u64) -> Vec<Msg> {
        self.st().in_channel(channel).cloned().collect()
    }

    /// Every stored message, in creation order.
    pub fn all_messages(&self) -> Vec<Msg> {
        self.st().msgs.clone()
    }

    /// The current state of a message.
    pub fn message(&self, id: u64) -> Option<Msg> {
        self.st().msg(id).cloned()
    }

    /// The DM channel the bot opened for this user (`90000 + user`), if it did.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.st().opened_dms.get(&user).copied()
    }

    /// Messages the bot posted into this user's DM channel.
    pub fn dms(&self, user: u64) -> Vec<Msg> {
        let channel = DM_BASE + user;
        self.st()
            .in_channel(channel)
            .filter(|m| m.author_id == APP_ID)
            .cloned()
            .collect()
    }

    /// Messages created for that interaction (response message and follow-ups), ephemeral
    /// ones included.
    pub fn replies(&self, interaction: u64) -> Vec<Msg> {
        let st = self.st();
        st.by_interaction
            .get(&interaction)
            .into_iter()
            .flatten()
            .map(|&i| st.msgs[i].clone())
            .collect()
    }

    /// The first callback of an interaction: type, data, time from dispatch to arrival.
    pub fn callback(&self, interaction: u64) -> Option<(u8, Value, Duration)> {
        self.st()
            .inters
            .get(&interaction)
            .and_then(|i| i.callback.clone())
    }

    /// Dispatch→callback time of every interaction that got a callback, by interaction id.
    pub fn ack_times(&self) -> Vec<Duration> {
        let st = self.st();
        let mut v: Vec<(u64, Duration)> = st
            .inters
            .iter()
            .filter_map(|(id, i)| i.callback.as_ref().map(|c| (*id, c.2)))
            .collect();
        v.sort_by_key(|(id, _)| *id);
        v.into_iter().map(|(_, d)| d).collect()
    }

    /// Polls `f` every 10 ms until it holds; after `timeout` panics with `what` and the last
    /// 40 calls.
    pub async fn wait_until(
        &self,
        what: &str,
        timeout: Duration,
        f: impl Fn(&FakeDiscord) -> bool,
    ) {
        let deadline = Instant::now() + timeout;
        loop {
            if f(self) {
                return;
            }
            if Instant::now() >= deadline {
                panic!(
                    "fake discord: timed out after {timeout:?} waiting for: {what}\n{}",
                    self.dump_calls(40)
                );
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The last `n` calls, one a line: method, path, body (at most 300 characters).
    pub fn dump_calls(&self, n: usize) -> String {
        let st = self.st();
        let start = st.calls.len().saturating_sub(n);
        let mut out = format!(
            "last {} of {} REST calls:\n",
            st.calls.len() - start,
            st.calls.len()
        );
        for c in &st.calls[start..] {
            let body = if c.body.is_null() {
                String::new()
            } else {
                c.body.to_string()
            };
            let mut short: String = body.chars().take(300).collect();
            if short.len() < body.len() {
                short.push('…');
            }
            out.push_str(&format!("  {} {} {}\n", c.method, c.path, short));
        }
        out
    }

    /// Every message as people see it now (channels, threads, DMs, ephemeral replies), in
    /// the order they were created: where, who, the text, the buttons' labels. With
    /// `AGORA_TRANSCRIPT_DIR` set, [`Self::save_transcript`] writes it to
    /// `<dir>/<name>.txt`, to read a game the way its players saw it.
    pub fn transcript(&self) -> String {
        let mut msgs = self.all_messages();
        msgs.sort_by_key(|m| m.id);
        let mut out = String::new();
        for m in msgs.iter().filter(|m| !m.deleted) {
            let who = if m.author_id == super::APP_ID {
                "bot".to_string()
            } else {
                format!("user{}", m.author_id)
            };
            let only = m
                .ephemeral_for
                .map(|u| format!(" (only user{u} sees it)"))
                .unwrap_or_default();
            let buttons: Vec<String> = m
                .components
                .iter()
                .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
                .map(|c| {
                    c["label"]
                        .as_str()
                        .or(c["placeholder"].as_str())
                        .unwrap_or("?")
                        .to_string()
                })
                .collect();
            out.push_str(&format!("── #{} {who}{only}\n{}\n", m.channel_id, m.text()));
            if !buttons.is_empty() {
                out.push_str(&format!("   [{}]\n", buttons.join("] [")));
            }
        }
        out
    }

    /// Writes [`Self::transcript`] to `$AGORA_TRANSCRIPT_DIR/<name>.txt` when that is set.
    pub fn save_transcript(&self, name: &str) {
        if let Ok(dir) = std::env::var("AGORA_TRANSCRIPT_DIR") {
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(format!("{dir}/{name}.txt"), self.transcript());
        }
    }

    /// Closes the current gateway connection (Close 1000); serenity reconnects and tries to
    /// resume (see [`Self::allow_resume`]), and [`Self::wait_ready`] waits for the new
    /// connection.
    pub fn drop_gateway(&self) {
        let conns: Vec<Conn> = self.st().shards.drain().map(|(_, c)| c).collect();
        for conn in conns {
            let _ = conn.tx.send(Out::Close(DROP_CLOSE_CODE));
        }
    }
}
