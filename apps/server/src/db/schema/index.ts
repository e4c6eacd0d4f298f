export * from './accounts';
export * from './assets';
export * from './business-centers';
export * from './campaigns';
export * from './collaboration';
export * from './notices';
export * from './statistics';
export * from './tracking';
