-- a revoked token is refused at once by every process: a change to a token moves its shop's data version
--
-- The token cache (tokens/tokens.ts) serves a remembered token only while its shop's data
-- version stands, so revoking (DELETE) or changing its origins (UPDATE) reaches every
-- process at its next request, with no read more than it makes already.
CREATE TRIGGER tokens_data_version AFTER UPDATE OR DELETE ON tokens FOR EACH ROW EXECUTE FUNCTION bump_shop_data_version();
