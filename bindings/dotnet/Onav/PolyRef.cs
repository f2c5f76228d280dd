// PolyRef: salt (24 bits) | tile slot (20 bits) | polygon index (20 bits),
// from the top; 0 is never valid.
namespace Onav
{
    public static class PolyRef
    {
        public static ulong Encode(uint salt, uint slot, uint polygon)
        {
            var err = new NativeError();
            ulong polyRef;
            NativeStatus.Check(NativeMethods.onav_poly_ref_encode(salt, slot, polygon, out polyRef, ref err), ref err);
            return polyRef;
        }

        public static void Decode(ulong polyRef, out uint salt, out uint slot, out uint polygon)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_poly_ref_decode(polyRef, out salt, out slot, out polygon, ref err), ref err);
        }
    }
}
