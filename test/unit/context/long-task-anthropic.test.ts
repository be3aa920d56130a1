// Acceptance over the Anthropic wire (Messages API): the server refuses over-long
// requests with 400 `invalid_request_error` "prompt is too long: N tokens > M maximum".
import { describeLongTask } from './long-task-suite';

describeLongTask('anthropic', /prompt is too long/);
