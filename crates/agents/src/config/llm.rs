//! `[llm]`: the defaults for language-model players.

use serde::{Deserialize, Serialize};

/// How a structured reply is requested from a model server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResponseFormat {
    /// `response_format: {type: json_schema, …}`: the server constrains the reply.
    JsonSchema,
    /// `response_format: {type: json_object}`: the schema goes into the prompt instead.
    JsonObject,
}

/// What kind of server the provider is, for the fields only it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerKind {
    /// An OpenAI-compatible API (OpenAI, vLLM, Ollama…): sent `prompt_cache_key`, which
    /// the others ignore.
    #[default]
    Openai,
    /// llama.cpp's `llama-server`: also sent `cache_prompt`; its `timings` are read.
    LlamaCpp,
}

/// Defaults for language-model players (see `[llm]` in `config/agora.toml`); the
/// environment overrides them per role in [`crate::llm::Provider::resolve`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LlmConfig {
    /// An http(s) URL.
    pub base_url: String,
    pub model: String,
    pub response_format: ResponseFormat,
    pub server: ServerKind,
    pub timeout_secs: f64,
    pub max_retries: u32,
    pub max_concurrency: u32,
    pub temperature: f64,
    pub max_tokens: u32,
    pub agent_timeout_secs: f64,
}

impl Default for LlmConfig {
    fn default() -> Self {
        LlmConfig {
            base_url: "https://api.openai.com/v1".into(),
            model: "gpt-4o-mini".into(),
            response_format: ResponseFormat::JsonSchema,
            server: ServerKind::Openai,
            timeout_secs: 20.0,
            max_retries: 2,
            max_concurrency: 8,
            temperature: 0.7,
            max_tokens: 400,
            agent_timeout_secs: 10.0,
        }
    }
}
