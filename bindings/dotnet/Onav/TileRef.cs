// TileRef: the (salt, slot) pair of a PolyRef without the polygon index.
namespace Onav
{
    public static class TileRef
    {
        public static ulong Encode(uint salt, uint slot)
        {
            var err = new NativeError();
            ulong tileRef;
            NativeStatus.Check(NativeMethods.onav_tile_ref_encode(salt, slot, out tileRef, ref err), ref err);
            return tileRef;
        }

        public static void Decode(ulong tileRef, out uint salt, out uint slot)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_tile_ref_decode(tileRef, out salt, out slot, ref err), ref err);
        }
    }
}
