/// <reference types="vite/client" />

/** The service API base URL (the sandbox in development), defined by vite.config.ts. */
declare const __SERVICE_URL__: string;
