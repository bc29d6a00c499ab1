/** Entry point of the API: the configuration from the environment, listen, graceful shutdown (serve.ts). */
import { serve } from './serve';

void serve();
