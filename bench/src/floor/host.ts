/** The floor's federated host: the async boundary every federated app starts with, as the shell's does. */
void import('./hostBootstrap');
