// Acceptance over the OpenAI wire (Chat Completions; DeepSeek speaks it too): the
// server refuses over-long requests with 400 `context_length_exceeded`.
import { describeLongTask } from './long-task-suite';

describeLongTask('openai', /context_length_exceeded/);
