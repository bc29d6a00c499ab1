import type { AppName } from '@loyalty/tools';
export declare const E2E_PORTS: Record<AppName, number>;
export declare const E2E_API_PORT: number;
export declare const E2E_STATE_DIR: string;
export declare const E2E_RUNTIME_CONFIG: string;
export declare const E2E_STATE_FILE: string;
export declare const SHELL_URL: string;
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_UNSAFE_PORTS: Set<number>;
