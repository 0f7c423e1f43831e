//! The fake's REST routes: every request recorded, then answered from the state.

use super::*;

// ---------------------------------------------------------------------------------------------
// REST

struct Resp {
    status: u16,
    body: Option<Value>,
    headers: Vec<(String, String)>,
}

fn ok(body: Value) -> Resp {
    Resp {
        status: 200,
        body: Some(body),
        headers: Vec::new(),
    }
}

fn no_content() -> Resp {
    Resp {
        status: 204,
        body: None,
        headers: Vec::new(),
    }
}

fn err(status: u16, code: u64, message: &str) -> Resp {
    Resp {
        status,
        body: Some(error_json(code, message)),
        headers: Vec::new(),
    }
}

fn no_route() -> Resp {
    err(404, 0, "fake discord: no route")
}

/// A multipart upload (a message with files) read as its `payload_json` part, with the
/// uploaded files' names under `"uploaded"`.
fn multipart_json(text: &str) -> Option<Value> {
    let at = text.find("name=\"payload_json\"")?;
    let start = at + text[at..].find("\r\n\r\n")? + 4;
    let end = start + text[start..].find("\r\n--")?;
    let mut json: Value = serde_json::from_str(&text[start..end]).ok()?;
    let files: Vec<Value> = text
        .match_indices("filename=\"")
        .filter_map(|(i, m)| {
            let rest = &text[i + m.len()..];
            rest.find('"').map(|j| Value::String(rest[..j].to_string()))
        })
        .collect();
    json["uploaded"] = Value::Array(files);
    Some(json)
}

fn unknown_message() -> Resp {
    err(404, 10008, "Unknown Message")
}

pub(super) async fn rest(
    AxState(shared): AxState<Shared>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> Response {
    let body = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&body).unwrap_or_else(|_| {
            let text = String::from_utf8_lossy(&body).into_owned();
            multipart_json(&text).unwrap_or(Value::String(text))
        })
    };
    let path = uri.path().to_string();
    let method = method.as_str().to_ascii_uppercase();
    // As a shared rate-limit proxy: a call under the global limit waits its turn.
    let turn = {
        let mut st = lock(&shared);
        match &mut st.pace {
            Some((gap, next, _)) if !exempt_from_global_limit(&path) => {
                let at = (*next).max(Instant::now());
                *next = at + *gap;
                Some(at)
            }
            _ => None,
        }
    };
    if let Some(at) = turn {
        tokio::time::sleep_until(at.into()).await;
    }
    let resp = {
        let mut st = lock(&shared);
        st.calls.push(Call {
            method: method.clone(),
            path: path.clone(),
            body: body.clone(),
            at: Instant::now(),
        });
        let failed = st.fails.iter().position(|f| {
            f.method.eq_ignore_ascii_case(&method) && path.contains(&f.path_contains)
        });
        match failed {
            Some(i) => {
                let f = st.fails.remove(i);
                fail_resp(f)
            }
            None => route(&mut st, &method, &path, &body),
        }
    };
    let mut b = Response::builder()
        .status(StatusCode::from_u16(resp.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    for (k, v) in &resp.headers {
        b = b.header(k.as_str(), v.as_str());
    }
    match resp.body {
        Some(v) => b
            .header("content-type", "application/json")
            .body(Body::from(v.to_string()))
            .expect("fake discord: response"),
        None => b.body(Body::empty()).expect("fake discord: response"),
    }
}

fn fail_resp(f: Fail) -> Resp {
    let mut headers = Vec::new();
    if f.status == 429 {
        let after = f
            .body
            .get("retry_after")
            .and_then(Value::as_f64)
            .unwrap_or(1.0);
        headers.push(("retry-after".to_string(), format!("{after}")));
        headers.push(("x-ratelimit-limit".to_string(), "1".to_string()));
        headers.push(("x-ratelimit-remaining".to_string(), "0".to_string()));
        headers.push(("x-ratelimit-reset-after".to_string(), format!("{after}")));
        headers.push(("x-ratelimit-scope".to_string(), "user".to_string()));
    }
    let body = if f.body.is_null() { None } else { Some(f.body) };
    Resp {
        status: f.status,
        body,
        headers,
    }
}

fn id_of(s: &str) -> Option<u64> {
    s.parse().ok()
}

fn route(st: &mut State, method: &str, path: &str, body: &Value) -> Resp {
    let Some(rest) = path.strip_prefix("/api/v10/") else {
        return no_route();
    };
    let segs: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    match (method, segs.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": st.gw_url})),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": st.gw_url, "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                     "max_concurrency": 1}})),
        ("GET", ["users", "@me"]) => ok(bot_user_json()),
        ("POST", ["users", "@me", "channels"]) => {
            let user = match body.get("recipient_id") {
                Some(Value::String(s)) => id_of(s),
                Some(Value::Number(n)) => n.as_u64(),
                _ => None,
            };
            let Some(user) = user else {
                return err(400, 50035, "Invalid Form Body");
            };
            let channel = DM_BASE + user;
            st.opened_dms.insert(user, channel);
            ok(
                json!({"id": channel.to_string(), "type": 1, "last_message_id": null,
                      "recipients": [user_json(user)]}),
            )
        }
        ("GET", ["channels", c]) => match id_of(c) {
            Some(c) => ok(channel_json(c, st.guild_of(c))),
            None => no_route(),
        },
        ("POST", ["channels", c, "typing"]) if id_of(c).is_some() => no_content(),
        ("POST", ["channels", c, "threads"]) => {
            let Some(parent) = id_of(c).filter(|c| !is_dm(*c)) else {
                return no_route();
            };
            let id = THREAD_BASE + st.threads.len() as u64;
            let guild = st.guild_of(parent);
            let name = body["name"].as_str().unwrap_or("thread").to_string();
            st.threads.push((id, parent, name.clone(), Vec::new()));
            let kind = body["type"].as_u64().unwrap_or(11);
            ok(
                json!({"id": id.to_string(), "type": kind, "guild_id": guild.to_string(),
                      "parent_id": parent.to_string(), "name": name, "position": 0,
                      "permission_overwrites": [], "nsfw": false,
                      "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
                          "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                          "locked": false, "invitable": false},
                      "member_count": 0, "message_count": 0}),
            )
        }
        ("PUT", ["channels", t, "thread-members", u]) => {
            let (Some(t), Some(u)) = (id_of(t), id_of(u)) else {
                return no_route();
            };
            match st.threads.iter_mut().find(|th| th.0 == t) {
                Some(th) => {
                    if !th.3.contains(&u) {
                        th.3.push(u);
                    }
                    no_content()
                }
                None => err(404, 10003, "Unknown Channel"),
            }
        }
        ("GET", ["channels", c, "messages"]) => {
            let Some(c) = id_of(c) else { return no_route() };
            let list: Vec<Value> = st
                .in_channel(c)
                .rev()
                .filter(|m| !m.deleted)
                .map(message_json)
                .collect();
            ok(Value::Array(list))
        }
        ("POST", ["channels", c, "messages"]) => {
            let Some(c) = id_of(c) else { return no_route() };
            if is_dm(c) && st.closed_dms.contains(&(c - DM_BASE)) {
                return err(403, 50007, "Cannot send messages to this user");
            }
            // As Discord: with `enforce_nonce`, a nonce the bot used in this channel
            // before answers the message it made then, and nothing is posted.
            let nonce = match (&body["nonce"], body["enforce_nonce"].as_bool()) {
                (Value::String(n), Some(true)) => Some(n.clone()),
                (Value::Number(n), Some(true)) => Some(n.to_string()),
                _ => None,
            };
            if let Some(earlier) = nonce.as_ref().and_then(|n| st.nonces.get(&(c, n.clone()))) {
                let m = st.msg(*earlier).expect("a stored message").clone();
                st.nonce_repeats += 1;
                return ok(message_json(&m));
            }
            let id = st.create_msg(c, APP_ID, body, None, None);
            if let Some(n) = nonce {
                st.nonces.insert((c, n), id);
            }
            let m = st.msg(id).expect("just created").clone();
            if !is_dm(c) {
                let d = message_create_json(&m, st.guild_of(c));
                st.try_dispatch("MESSAGE_CREATE", d);
            }
            ok(message_json(&m))
        }
        (_, ["channels", c, "messages", m]) => {
            let (Some(c), Some(m)) = (id_of(c), id_of(m)) else {
                return no_route();
            };
            let Some(msg) = st.msg_mut(m).filter(|x| x.channel_id == c && !x.deleted) else {
                return unknown_message();
            };
            match method {
                "GET" => ok(message_json(msg)),
                "PATCH" => {
                    apply_edit(msg, body);
                    ok(message_json(msg))
                }
                "DELETE" => {
                    msg.deleted = true;
                    no_content()
                }
                _ => no_route(),
            }
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            let Some(id) = id_of(id) else {
                return no_route();
            };
            callback(st, id, token, body)
        }
        ("POST", ["webhooks", _app, token]) => {
            let Some(&id) = st.tokens.get(*token) else {
                return err(404, 10015, "Unknown Webhook");
            };
            let (channel, user, original, deferred) = {
                let i = &st.inters[&id];
                (i.channel, i.user, i.original, i.deferred_flags)
            };
            // As Discord does: after a type-5 defer, the first follow-up fills the "thinking"
            // message (it becomes @original) and takes the defer's ephemeral flag.
            let mut data = body.clone();
            let first_after_defer = original.is_none() && deferred.is_some();
            if first_after_defer && data.is_object() {
                data["flags"] = json!(deferred.unwrap_or(0));
            }
            let mid = st.create_msg(channel, APP_ID, &data, Some(id), Some(user));
            if first_after_defer {
                st.inters.get_mut(&id).expect("interaction").original = Some(mid);
            }
            ok(message_json(st.msg(mid).expect("just created")))
        }
        (_, ["webhooks", _app, token, "messages", which]) => {
            let Some(&id) = st.tokens.get(*token) else {
                return err(404, 10015, "Unknown Webhook");
            };
            webhook_message(st, method, id, which, body)
        }
        ("PUT", ["applications", _app, "commands"])
        | ("PUT", ["applications", _app, "guilds", _, "commands"]) => {
            let list = match body {
                Value::Array(a) => a.clone(),
                Value::Null => Vec::new(),
                other => vec![other.clone()],
            };
            let mut echo = Vec::new();
            st.command_ids.clear();
            for (i, cmd) in list.iter().enumerate() {
                let cid = 6000 + i as u64;
                let mut c = match cmd {
                    Value::Object(o) => o.clone(),
                    _ => Map::new(),
                };
                c.insert("id".into(), Value::String(cid.to_string()));
                c.insert("application_id".into(), Value::String(APP_ID.to_string()));
                c.insert("version".into(), Value::String("1".into()));
                c.entry("type").or_insert(json!(1));
                c.entry("description").or_insert(json!(""));
                c.entry("default_member_permissions").or_insert(Value::Null);
                if let Some(name) = c.get("name").and_then(Value::as_str) {
                    st.command_ids.insert(name.to_string(), cid);
                }
                echo.push(Value::Object(c));
            }
            st.commands_body = list;
            st.commands_echo = echo.clone();
            ok(Value::Array(echo))
        }
        ("GET", ["applications", _app, "commands"])
        | ("GET", ["applications", _app, "guilds", _, "commands"]) => {
            ok(Value::Array(st.commands_echo.clone()))
        }
        _ => no_route(),
    }
}

fn callback(st: &mut State, id: u64, token: &str, body: &Value) -> Resp {
    let Some(inter) = st.inters.get_mut(&id).filter(|i| i.token == token) else {
        return err(404, 10062, "Unknown interaction");
    };
    if inter.callback.is_some() {
        return err(400, 40060, "Interaction has already been acknowledged.");
    }
    let kind = body.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    inter.callback = Some((kind, data.clone(), inter.dispatched.elapsed()));
    let (channel, user, component_msg) = (inter.channel, inter.user, inter.message);
    match kind {
        4 => {
            let mid = st.create_msg(channel, APP_ID, &data, Some(id), Some(user));
            st.inters.get_mut(&id).expect("interaction").original = Some(mid);
        }
        5 => {
            let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0);
            st.inters.get_mut(&id).expect("interaction").deferred_flags = Some(flags);
        }
        6 | 7 => {
            st.inters.get_mut(&id).expect("interaction").original = component_msg;
            if kind == 7 {
                if let Some(m) = component_msg.and_then(|m| st.msg_mut(m)) {
                    apply_edit(m, &data);
                }
            }
        }
        _ => {}
    }
    no_content()
}

fn webhook_message(st: &mut State, method: &str, id: u64, which: &str, body: &Value) -> Resp {
    let (channel, user, original, deferred) = {
        let i = &st.inters[&id];
        (i.channel, i.user, i.original, i.deferred_flags)
    };
    let target = if which == "@original" {
        original
    } else {
        match id_of(which) {
            Some(m) => Some(m),
            None => return no_route(),
        }
    };
    let target = target.filter(|&m| st.msg(m).is_some_and(|x| !x.deleted));
    match (method, target) {
        ("GET", Some(m)) => ok(message_json(st.msg(m).expect("checked"))),
        ("PATCH", Some(m)) => {
            let msg = st.msg_mut(m).expect("checked");
            apply_edit(msg, body);
            ok(message_json(msg))
        }
        ("DELETE", Some(m)) => {
            st.msg_mut(m).expect("checked").deleted = true;
            no_content()
        }
        ("PATCH", None) if which == "@original" && original.is_none() && deferred.is_some() => {
            let mut data = body.clone();
            if !data.is_object() {
                data = json!({});
            }
            data["flags"] = json!(deferred.unwrap_or(0));
            let mid = st.create_msg(channel, APP_ID, &data, Some(id), Some(user));
            st.inters.get_mut(&id).expect("interaction").original = Some(mid);
            ok(message_json(st.msg(mid).expect("just created")))
        }
        ("GET" | "PATCH" | "DELETE", None) => unknown_message(),
        _ => no_route(),
    }
}
