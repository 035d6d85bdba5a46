// The app's products screen (as in "Queries").
declare function Products(): import("react").JSX.Element;
