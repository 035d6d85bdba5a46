// The app's notification function.
declare function toast(message: string): void;
