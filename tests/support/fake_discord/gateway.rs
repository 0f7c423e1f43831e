//! The fake's gateway: HELLO, IDENTIFY (with `[shard, total]`) → READY, heartbeats, RESUME,
//! and events to the connection of the shard they go to; several connections at once.

use super::*;

// ---------------------------------------------------------------------------------------------
// Gateway

pub(super) async fn gateway_accept(shared: Shared, listener: TcpListener) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        tokio::spawn(gateway_conn(shared.clone(), stream));
    }
}

async fn gateway_conn(shared: Shared, stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let conn_id = {
        let mut st = lock(&shared);
        st.next_conn += 1;
        st.next_conn
    };
    let writer = tokio::spawn(async move {
        let mut seq: u64 = 0;
        while let Some(out) = rx.recv().await {
            let frame = match out {
                Out::Frame(v) => WsMessage::Text(v.to_string()),
                Out::SetSeq(s) => {
                    seq = s;
                    continue;
                }
                Out::Dispatch(t, d) => {
                    seq += 1;
                    WsMessage::Text(json!({"op": 0, "s": seq, "t": t, "d": d}).to_string())
                }
                Out::Close(code) => {
                    let _ = sink
                        .send(WsMessage::Close(Some(CloseFrame {
                            code: CloseCode::from(code),
                            reason: "fake discord: dropped".into(),
                        })))
                        .await;
                    break;
                }
            };
            if sink.send(frame).await.is_err() {
                break;
            }
        }
    });
    let _ = tx.send(Out::Frame(
        json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL}}),
    ));
    // The shard this connection serves, once it identified (or resumed).
    let mut conn_shard: u32 = 0;
    while let Some(frame) = source.next().await {
        let text = match frame {
            Ok(WsMessage::Text(t)) => t,
            Ok(WsMessage::Binary(b)) => String::from_utf8_lossy(&b).into_owned(),
            Ok(WsMessage::Close(_)) => {
                // Complete the closing handshake: the bot waits for our Close frame.
                let _ = tx.send(Out::Close(1000));
                break;
            }
            Err(_) => break,
            Ok(_) => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        match v.get("op").and_then(Value::as_u64) {
            Some(1) => {
                let _ = tx.send(Out::Frame(json!({"op": 11})));
            }
            Some(2) => {
                let mut st = lock(&shared);
                // `"shard": [shard, total]`; absent: one shard of one.
                let pair = v["d"]["shard"].as_array().map(|a| {
                    let n = |i: usize| a.get(i).and_then(Value::as_u64).unwrap_or(0) as u32;
                    [n(0), n(1).max(1)]
                });
                let [shard, total] = pair.unwrap_or([0, 1]);
                st.identifies.push([shard, total]);
                st.total = total;
                conn_shard = shard;
                let mut guilds: Vec<u64> = st.channel_guilds.values().copied().collect();
                guilds.push(GUILD_ID);
                guilds.sort_unstable();
                guilds.dedup();
                let guilds: Vec<Value> = guilds
                    .into_iter()
                    .filter(|g| shard_of(*g, total) == shard)
                    .map(|g| json!({"id": g.to_string(), "unavailable": true}))
                    .collect();
                let session = format!("sess{conn_id}");
                let ready = json!({
                    "v": 10,
                    "user": bot_user_json(),
                    "guilds": guilds,
                    "session_id": session,
                    "resume_gateway_url": st.gw_url,
                    "application": {"id": APP_ID.to_string(), "flags": 0},
                    "shard": [shard, total],
                });
                if tx.send(Out::Dispatch("READY".into(), ready)).is_ok() {
                    st.connections += 1;
                    st.shard_sessions.insert(session, shard);
                    st.shards.insert(
                        shard,
                        Conn {
                            id: conn_id,
                            tx: tx.clone(),
                        },
                    );
                }
            }
            Some(6) => {
                let mut st = lock(&shared);
                let session = v["d"]["session_id"].as_str().unwrap_or("").to_string();
                match st.shard_sessions.get(&session).copied() {
                    Some(shard) if st.allow_resume => {
                        conn_shard = shard;
                        let seq = v["d"].get("seq").and_then(Value::as_u64).unwrap_or(0);
                        let _ = tx.send(Out::SetSeq(seq));
                        if tx.send(Out::Dispatch("RESUMED".into(), json!({}))).is_ok() {
                            st.resumes += 1;
                            st.shards.insert(
                                shard,
                                Conn {
                                    id: conn_id,
                                    tx: tx.clone(),
                                },
                            );
                        }
                    }
                    _ => {
                        let _ = tx.send(Out::Frame(json!({"op": 9, "d": false})));
                    }
                }
            }
            _ => {}
        }
    }
    {
        let mut st = lock(&shared);
        if st.shards.get(&conn_shard).is_some_and(|c| c.id == conn_id) {
            st.shards.remove(&conn_shard);
        }
    }
    drop(tx);
    // Let a queued Close frame go out, then make sure the writer (and the socket) is gone.
    let mut writer = writer;
    if tokio::time::timeout(Duration::from_millis(500), &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}
