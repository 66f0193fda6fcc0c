export const reportRoutes = async () => {};
