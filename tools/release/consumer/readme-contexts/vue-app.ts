// The app's root component (App.vue).
declare const App: import("vue").Component;
