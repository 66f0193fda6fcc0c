/** The server's layers and the order of its domains (filled in by the renovation of issue 16). */
module.exports = { forbidden: [] };
