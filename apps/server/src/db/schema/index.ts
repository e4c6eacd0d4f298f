export * from './accounts';
export * from './business-centers';
export * from './collaboration';
export * from './notices';
