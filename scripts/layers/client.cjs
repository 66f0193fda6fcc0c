/** The client's features: a feature never imports another (filled in by the renovation of issue 16). */
module.exports = { forbidden: [] };
