export * from './categories';
export * from './common';
export * from './events';
export * from './explorer';
export * from './login';
export * from './params';
export * from './records';
export * from './search';
