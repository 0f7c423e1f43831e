//! The fake's gateway: HELLO, IDENTIFY → READY, heartbeats, RESUME, and events to the
//! current connection.

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
                let ready = json!({
                    "v": 10,
                    "user": bot_user_json(),
                    "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
                    "session_id": format!("sess{conn_id}"),
                    "resume_gateway_url": st.gw_url,
                    "application": {"id": APP_ID.to_string(), "flags": 0},
                });
                if tx.send(Out::Dispatch("READY".into(), ready)).is_ok() {
                    st.connections += 1;
                    st.current = Some(Conn {
                        id: conn_id,
                        tx: tx.clone(),
                    });
                }
            }
            Some(6) => {
                let mut st = lock(&shared);
                if st.allow_resume {
                    let seq = v["d"].get("seq").and_then(Value::as_u64).unwrap_or(0);
                    let _ = tx.send(Out::SetSeq(seq));
                    if tx.send(Out::Dispatch("RESUMED".into(), json!({}))).is_ok() {
                        st.resumes += 1;
                        st.current = Some(Conn {
                            id: conn_id,
                            tx: tx.clone(),
                        });
                    }
                } else {
                    let _ = tx.send(Out::Frame(json!({"op": 9, "d": false})));
                }
            }
            _ => {}
        }
    }
    {
        let mut st = lock(&shared);
        if st.current.as_ref().is_some_and(|c| c.id == conn_id) {
            st.current = None;
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
